/** The configured start block is not mined yet: a typo or the wrong RPC URL, not something to wait for. */
export class StartBlockBeyondHeadError extends Error {
  constructor(
    readonly chain: string,
    readonly startBlock: bigint,
    readonly head: bigint,
  ) {
    super(
      `Start block ${startBlock} of chain ${chain} is beyond the node's head ${head}: check startBlock and the RPC URL`,
    );
    this.name = 'StartBlockBeyondHeadError';
  }

  /** Written here from numbers: shown on /health/ready as it is (failureReason). */
  get publicReason(): string {
    return this.message;
  }
}

/** The node replaced blocks older than the revertible window: the stream cannot follow without a re-index. */
export class ReorgTooDeepError extends Error {
  constructor(
    readonly chain: string,
    readonly oldestKnownBlock: bigint,
    readonly finalityDepth: number,
  ) {
    super(
      `Reorg on chain ${chain} reaches below block ${oldestKnownBlock}, deeper than the finality depth ${finalityDepth}`,
    );
    this.name = 'ReorgTooDeepError';
  }

  /** Written here from numbers: shown on /health/ready as it is (failureReason). */
  get publicReason(): string {
    return this.message;
  }
}
