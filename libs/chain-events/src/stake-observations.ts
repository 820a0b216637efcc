import { chainEventId } from './chain-events';

/**
 * An owner's stake as the node reported it at one block (docs/architecture.md §13): the stake-operations
 * counterpart of BalancesObserved, appended to `observation-<chain>` by the first positions request for
 * the owner. The staking read model folds the operations indexed after that block onto it, so stake
 * frozen before the start block counts, and a replay needs no node.
 */
export const STAKE_OBSERVED = 'StakeObserved';

export interface StakeObservedData {
  readonly chain: string;
  /** Tron base58. */
  readonly owner: string;
  readonly blockNumber: string;
  readonly blockHash: string;
  /** Unix seconds of the block. */
  readonly timestamp: number;
  /** Sun frozen per resource, delegated included; decimal strings. */
  readonly frozen: { readonly BANDWIDTH: string; readonly ENERGY: string };
  readonly unfreezes: readonly {
    readonly amount: string;
    readonly resource: 'BANDWIDTH' | 'ENERGY';
    readonly unlockTimeMs: number;
  }[];
  readonly votes: readonly { readonly validator: string; readonly count: string }[];
}

export interface StakeObserved {
  readonly type: typeof STAKE_OBSERVED;
  readonly data: StakeObservedData;
}

export function isStakeObserved<T extends { readonly type: string; readonly data: unknown }>(
  event: T,
): event is T & StakeObserved {
  return event.type === STAKE_OBSERVED;
}

/** One observation of an owner's stake at a block is stored once, however many requests took it. */
export const stakeObservedId = (data: Pick<StakeObservedData, 'chain' | 'blockHash' | 'owner'>): string =>
  chainEventId(STAKE_OBSERVED, data.chain, data.blockHash, `stake|${data.owner}`);

/**
 * What a delegator held in an EVM chain's StakeHub at one block, as the node reported it (the EVM
 * counterpart of StakeObserved, docs/architecture.md §13): shares and their value per validator, and
 * the undelegations not yet claimed.
 */
export const DELEGATIONS_OBSERVED = 'DelegationsObserved';

export interface DelegationsObservedData {
  readonly chain: string;
  /** Checksummed delegator. */
  readonly owner: string;
  readonly blockNumber: string;
  readonly blockHash: string;
  /** Unix seconds of the block. */
  readonly timestamp: number;
  /** Validators (operator addresses) with shares; wei and shares as decimal strings. */
  readonly delegations: readonly {
    readonly validator: string;
    readonly shares: string;
    readonly pooledWei: string;
  }[];
  readonly unbonds: readonly {
    readonly validator: string;
    readonly shares: string;
    readonly amountWei: string;
    readonly unlockTimeMs: number;
  }[];
}

export interface DelegationsObserved {
  readonly type: typeof DELEGATIONS_OBSERVED;
  readonly data: DelegationsObservedData;
}

export function isDelegationsObserved<T extends { readonly type: string; readonly data: unknown }>(
  event: T,
): event is T & DelegationsObserved {
  return event.type === DELEGATIONS_OBSERVED;
}

/** One observation of a delegator's StakeHub holdings at a block is stored once. */
export const delegationsObservedId = (
  data: Pick<DelegationsObservedData, 'chain' | 'blockHash' | 'owner'>,
): string => chainEventId(DELEGATIONS_OBSERVED, data.chain, data.blockHash, `delegations|${data.owner}`);
