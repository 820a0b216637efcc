/**
 * What a chain node's failure is, whatever the chain family. The classes are the chains lib's
 * (`@chainwire/chains` exports them and builds them from viem's, Solana's and Tron's errors); they live
 * here so the exception filter answers them in one place (docs/architecture.md §7) and a route lets them
 * propagate.
 */

/**
 * The node executed the transaction and it would fail: a revert (with its decoded reason) or a
 * pre-execution check such as insufficient funds. `revertData` is the raw revert payload when any.
 */
export class ExecutionFailedError extends Error {
  constructor(
    readonly reason: string,
    readonly revertData?: `0x${string}`,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'ExecutionFailedError';
  }
}

/** The node refused a signed transaction (bad signature, nonce too low, underpriced…): `reason` is its word. */
export class BroadcastRejectedError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'BroadcastRejectedError';
  }
}

/**
 * The node could not be reached or answered with a transient failure: nothing was decided. Its message is
 * the 503's public message (docs/architecture.md §7), so it is built from fixed words (failureReason),
 * never from the node's: viem's text holds the node's keyed URL and the request; `cause` keeps them for
 * the log.
 */
export class ChainUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainUnavailableError';
  }

  get publicReason(): string {
    return this.message;
  }
}

/**
 * The node answered, with something the request cannot act on, on a route where the request was fine
 * whatever the node said (the swap routes' reads): a 503 like unavailability, in fixed words
 * (failureReason), the node's own in `cause`.
 */
export class NodeFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NodeFailedError';
  }

  get publicReason(): string {
    return this.message;
  }
}

/** Envelope codes of the node's verdicts on the caller's own transaction (published, stable). */
export const ChainErrorCode = {
  /** 422: the transaction would fail on chain; `message` holds the decoded reason. */
  SIMULATION_FAILED: 'SIMULATION_FAILED',
  /** 400: the node refused the signed transaction; `message` holds the node's reason. */
  BROADCAST_REJECTED: 'BROADCAST_REJECTED',
} as const;
