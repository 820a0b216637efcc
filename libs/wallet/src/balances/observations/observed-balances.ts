/** What a node reported one address to hold at the end of one block. */
export interface ObservedBalances {
  readonly blockNumber: bigint;
  readonly blockHash: string;
  /** Smallest units by stored-form asset ('native', a contract, a TRC-10 id). */
  readonly amounts: ReadonlyMap<string, bigint>;
}

/** The block an observation is asked at: the indexed head, or none yet. */
export interface IndexedHead {
  readonly number: bigint;
  readonly hash: string;
}
