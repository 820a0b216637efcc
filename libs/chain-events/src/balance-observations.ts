import { chainEventId } from './chain-events';

/**
 * What a node reported an address to hold at one block (docs/architecture.md §3, "Balance
 * observations"). Indexing starts near the head, so the transfers in the store cannot tell what an
 * address held before the start block; the node can, but only for its recent blocks. The API reads it
 * once per (address, asset) and records it here; the balances projection takes the observed amount as
 * the balance at the end of that block and adds the indexed transfers after it, so replaying the store
 * rebuilds the same balances without a node. An observation of a block a reorg removes is undone with it.
 */
export const BALANCES_OBSERVED = 'BalancesObserved';

/** `observation-<chain>`: observations are appended beside the chain stream, never into it (the indexer owns that stream's versions). */
export const observationStream = (chain: string): string => `observation-${chain}`;
export const OBSERVATION_STREAM_PREFIX = 'observation-';

export interface ObservedBalance {
  /** 'native', a token contract (EIP-55 checksummed, base58 on Tron) or a TRC-10 token id. */
  readonly asset: string;
  /** Smallest units, a decimal integer string. */
  readonly amount: string;
}

export interface BalancesObservedData {
  readonly chain: string;
  /** As the chain writes it (EIP-55 checksummed, base58 on Tron). */
  readonly address: string;
  /** The block the amounts are the state at the end of. */
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly balances: readonly ObservedBalance[];
}

export interface BalancesObserved {
  readonly type: typeof BALANCES_OBSERVED;
  readonly data: BalancesObservedData;
}

export function isBalancesObserved<T extends { readonly type: string; readonly data: unknown }>(
  event: T,
): event is T & BalancesObserved {
  return event.type === BALANCES_OBSERVED;
}

/**
 * The same observation, taken twice (two first requests at once, a retry after a crash), has the same
 * id, so the store keeps it once: chain, block, address and the observed assets in a fixed order.
 */
export function balancesObservedId(
  data: Omit<BalancesObservedData, 'balances'> & {
    readonly balances: readonly Pick<ObservedBalance, 'asset'>[];
  },
): string {
  const assets = data.balances.map((b) => b.asset.toLowerCase()).sort();
  return chainEventId(
    BALANCES_OBSERVED,
    data.chain,
    data.blockHash,
    `${data.address.toLowerCase()}|${assets.join(',')}`,
  );
}
