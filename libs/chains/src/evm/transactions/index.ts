export { decodeRevertReason, revertDataOf } from './decode-revert';
export { estimateGas } from './estimate-gas';
export { closeEvmTxClient, createEvmTxClient, type EvmTxClientOptions } from './evm-tx-client';
export type { EvmTxFeeFields, EvmTxRequest } from './evm-tx-request';
export { toExecutionError } from './execution-error';
export { getFeeHistory, type FeeHistory } from './get-fee-history';
export { getGasPrice, getSuggestedPriorityFee } from './get-gas-price';
export { getLatestBaseFee } from './get-latest-base-fee';
export { getPendingNonce } from './get-pending-nonce';
export { getTransactionStatus } from './get-transaction-status';
export { sendRawTransaction } from './send-raw-transaction';
export { simulateTransaction } from './simulate-transaction';
export {
  BroadcastRejectedError,
  ChainUnavailableError,
  ExecutionFailedError,
  nodeReason,
  unavailableOr,
} from './tx-errors';
