import { decodeRevertReason } from '../evm/transactions/decode-revert';
import type { TronHttpClient } from './tron-http-client';
import { decodeTronText } from './tron-text';

export interface TronConstantCall {
  /** Hex `41…` addresses. */
  readonly ownerAddress: string;
  readonly contractAddress: string;
  /** Call data: selector and ABI-encoded arguments, hex without 0x. */
  readonly data: string;
}

export interface TronConstantResult {
  /** The energy the call used; what a transaction making it would burn (or take from staked energy). */
  readonly energyUsed: bigint;
  /** True when the call ran to the end without a revert. */
  readonly ok: boolean;
  /** The node's reason when not ok (its hex-encoded message decoded), and the revert data if any. */
  readonly reason?: string;
  readonly returnData?: string;
}

interface ConstantWire {
  result?: { result?: boolean; code?: string; message?: string };
  energy_used?: number;
  constant_result?: string[];
  transaction?: { ret?: { ret?: string }[] };
}

/**
 * Executes a contract call on the node's current state without a transaction
 * (`/wallet/triggerconstantcontract`), for its energy and outcome.
 */
export async function triggerConstantContract(
  client: TronHttpClient,
  call: TronConstantCall,
): Promise<TronConstantResult> {
  const answer = await client.post<ConstantWire>('/wallet/triggerconstantcontract', {
    owner_address: call.ownerAddress,
    contract_address: call.contractAddress,
    data: call.data,
    visible: false,
  });
  const reverted = answer.transaction?.ret?.some((r) => r.ret === 'REVERT') ?? false;
  const ok = answer.result?.result === true && !reverted;
  const returnData = answer.constant_result?.[0];
  // A revert's reason is in its data (TRON's VM is the EVM's: Error(string), panics, custom errors).
  const reason = ok
    ? undefined
    : reverted && returnData
      ? decodeRevertReason(`0x${returnData}`)
      : decodeTronText(answer.result?.message) || answer.result?.code || 'REVERT';
  return { energyUsed: BigInt(answer.energy_used ?? 0), ok, reason, returnData };
}
