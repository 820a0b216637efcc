export const STAKE_OPERATION_OBSERVED = 'StakeOperationObserved';
export const STAKE_OPERATION_REVERTED = 'StakeOperationReverted';
export type StakeOperationKind =
  | 'delegate'
  | 'undelegate'
  | 'claim' // EVM StakeHub: Delegated / Undelegated / Claimed logs
  | 'freeze'
  | 'unfreeze'
  | 'withdrawUnfrozen'
  | 'vote' // Tron Stake 2.0: FreezeBalanceV2, UnfreezeBalanceV2, WithdrawExpireUnfreeze, VoteWitness
  | 'delegateResource'
  | 'undelegateResource'; // Tron DelegateResource / UnDelegateResource
export interface StakeOperationObservedData {
  chain: string;
  blockNumber: string;
  blockHash: string;
  timestamp: number; // unix seconds of the block
  txHash: string;
  ref: string; // unique within the block (log index or `tx:<index>`)
  operation: StakeOperationKind;
  owner: string; // the staker/delegator (EVM checksummed, Tron base58)
  validator: string | null; // EVM operator address; null for Tron ops that name none
  amount: string; // smallest units (wei / sun), decimal string; '0' where none
  shares?: string; // EVM: delegation shares moved
  resource?: 'BANDWIDTH' | 'ENERGY';
  receiver?: string; // Tron (un)delegateResource
  unlockTimeMs?: number; // EVM undelegate unlock time / Tron unfreeze expire time, unix ms
  votes?: { validator: string; count: string }[]; // Tron VoteWitness: the full new vote set (replaces the old one)
}
export type StakeOperationRevertedData = StakeOperationObservedData;
