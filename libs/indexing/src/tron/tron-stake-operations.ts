import {
  toTronBase58,
  tronBase58FromNode,
  type TronTransaction,
  type TronTransactionInfo,
  wireBigInt,
  type WireInt,
} from '@chainwire/chains';
import type { StakeOperationKind, StakeOperationObservedData } from '@chainwire/chain-events';
import type { FetchedTronBlock } from './tron-block-transfers';

const OPERATIONS: Readonly<Record<string, StakeOperationKind>> = {
  FreezeBalanceV2Contract: 'freeze',
  UnfreezeBalanceV2Contract: 'unfreeze',
  WithdrawExpireUnfreezeContract: 'withdrawUnfrozen',
  VoteWitnessContract: 'vote',
  DelegateResourceContract: 'delegateResource',
  UnDelegateResourceContract: 'undelegateResource',
};

/**
 * The block's Tron Stake 2.0 operations (the shared StakeOperationObserved contract; docs/architecture.md
 * §15), one per successful transaction of those types, ref `tx:<index>`. Amounts in sun: the frozen,
 * unfrozen or (un)delegated balance, the withdrawn expired unfreezes (from the transaction info); a vote
 * carries the full new vote set and amount '0'. An unfreeze's `unlockTimeMs` is the block time plus the
 * chain's unfreeze delay. A freeze for TRON_POWER names no resource (the contract has only BANDWIDTH
 * and ENERGY).
 */
export function tronStakeOperations(
  chain: string,
  fetched: FetchedTronBlock,
  unfreezeDelayMs: number,
): StakeOperationObservedData[] {
  const { block } = fetched;
  const infoById = new Map(fetched.infos.map((info) => [info.id, info]));
  const out: StakeOperationObservedData[] = [];
  for (const tx of block.transactions) {
    const operation = OPERATIONS[tx.contractType];
    if (!operation) continue;
    const info = infoById.get(tx.txID);
    if (!info || info.result === 'FAILED') continue;
    if (tx.contractRet !== undefined && tx.contractRet !== 'SUCCESS') continue;
    const owner = typeof tx.value.owner_address === 'string' ? toTronBase58(tx.value.owner_address) : null;
    if (owner === null) continue;
    out.push({
      chain,
      blockNumber: block.number.toString(),
      blockHash: block.hash,
      timestamp: Math.floor(block.timestamp / 1000),
      txHash: tx.txID,
      ref: `tx:${tx.index}`,
      operation,
      owner,
      validator: null,
      ...details(operation, tx, info, block.timestamp + unfreezeDelayMs),
    });
  }
  return out;
}

type Details = Omit<
  StakeOperationObservedData,
  'chain' | 'blockNumber' | 'blockHash' | 'timestamp' | 'txHash' | 'ref' | 'operation' | 'owner' | 'validator'
>;

function details(
  operation: StakeOperationKind,
  tx: TronTransaction,
  info: TronTransactionInfo,
  unlockTimeMs: number,
): Details {
  const v = tx.value;
  const sun = (field: string) => wireBigInt(v[field] as WireInt, field).toString();
  switch (operation) {
    case 'freeze':
      return { amount: sun('frozen_balance'), ...resource(v.resource) };
    case 'unfreeze':
      return { amount: sun('unfreeze_balance'), ...resource(v.resource), unlockTimeMs };
    case 'withdrawUnfrozen':
      return { amount: info.withdrawExpireAmount.toString() };
    case 'vote': {
      const votes = Array.isArray(v.votes) ? (v.votes as Record<string, unknown>[]) : [];
      return {
        amount: '0',
        votes: votes.map((vote) => ({
          validator: tronBase58FromNode(vote.vote_address, 'vote_address'),
          count: wireBigInt(vote.vote_count as WireInt, 'vote_count').toString(),
        })),
      };
    }
    default:
      return {
        amount: sun('balance'),
        ...resource(v.resource),
        receiver: tronBase58FromNode(v.receiver_address, 'receiver_address'),
      };
  }
}

/** java-tron leaves the default resource (BANDWIDTH, enum 0) out of the JSON. */
function resource(value: unknown): { resource?: 'BANDWIDTH' | 'ENERGY' } {
  if (value === undefined || value === 'BANDWIDTH') return { resource: 'BANDWIDTH' };
  if (value === 'ENERGY') return { resource: 'ENERGY' };
  return {};
}
