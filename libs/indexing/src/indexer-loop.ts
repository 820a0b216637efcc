import {
  backoffDelay,
  failureReason,
  type HealthReport,
  isRetryableError,
  redactUrlsIn,
} from '@chainwire/core';

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;
/** Failures that need a person are logged at error level at most this often. */
const ERROR_LOG_INTERVAL_MS = 60_000;

export interface IndexerLoopOptions {
  /** The chain's id, in log lines and the health component (`indexer/<chain>`). */
  readonly chain: string;
  /** One round: index up to the node's head, following it while it moves. */
  readonly round: () => Promise<unknown>;
  /** Pause between rounds that succeeded, in ms. */
  readonly pollIntervalMs: number;
  /** How long behind its node the indexer may be before health() reports it. Default 60 s. */
  readonly maxLagMs?: number;
  readonly log: (msg: string) => void;
  readonly logError: (msg: string) => void;
}

/**
 * What every chain's indexer runs its rounds in (docs/architecture.md §6): rounds until stop(), a pause
 * between them that wake() cuts short, and every failure retried with backoff. Retryable failures (a
 * node or database away for a while) back off quietly up to 30 s; the others (a reorg deeper than
 * finality, a misconfigured node, another indexer on the stream) back off the same way but are logged
 * at error level, at most once a minute: operators fix nodes, and an indexer that gave up would leave
 * the API answering with an ever older block.
 */
export class IndexerLoop {
  private running?: Promise<void>;
  private stopRequested = false;
  private wakeUp?: () => void;
  private lastError?: Error;
  /** When the current run of failed rounds began; undefined while rounds succeed. */
  private failingSince?: number;
  private lastErrorLoggedAt = 0;
  /** Last time the indexed tip equalled the node's head (or the loop started). */
  private caughtUpAt = Date.now();

  constructor(private readonly options: IndexerLoopOptions) {}

  /** True from stop() on: a round in progress should return at its next step. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  /** The error of the last round while rounds keep failing; undefined once one succeeds. */
  get failure(): Error | undefined {
    return this.failingSince === undefined ? undefined : this.lastError;
  }

  start(): void {
    if (this.running) return;
    this.stopRequested = false;
    this.lastError = undefined;
    this.failingSince = undefined;
    this.caughtUpAt = Date.now();
    this.running = this.run();
  }

  /** Lets the round in progress finish and resolves once the loop has ended. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    this.wake();
    await this.running;
    this.running = undefined;
  }

  /** Starts the next round now instead of after the pause (a new head was announced). */
  wake(): void {
    this.wakeUp?.();
  }

  /** The indexed tip reached the node's head. */
  markCaughtUp(): void {
    this.caughtUpAt = Date.now();
  }

  /**
   * Not ok while rounds fail, or while the indexed tip has not reached the node's head for longer than
   * maxLagMs (a stuck or slow indexer: the API would answer with ever older blocks). GET /health/ready is
   * public: a failure is told by failureReason's fixed words, never the node's message, which holds its
   * keyed URL and the request (docs/architecture.md §9); the log has the message, redacted.
   */
  health(indexedHead: bigint | undefined, nodeHead: bigint | undefined): HealthReport {
    const now = Date.now();
    const lagBlocks =
      indexedHead !== undefined && nodeHead !== undefined && nodeHead > indexedHead
        ? nodeHead - indexedHead
        : 0n;
    const lagSeconds =
      lagBlocks > 0n || this.failingSince !== undefined ? Math.floor((now - this.caughtUpAt) / 1000) : 0;
    const details = {
      indexedHead: indexedHead?.toString() ?? null,
      nodeHead: nodeHead?.toString() ?? null,
      lagBlocks: lagBlocks.toString(),
      lagSeconds,
      lastError: this.failure ? failureReason(this.failure) : null,
    };
    const component = `indexer/${this.options.chain}`;
    if (this.failingSince !== undefined) {
      const failingFor = Math.floor((now - this.failingSince) / 1000);
      return {
        component,
        ok: false,
        reason: `failing for ${failingFor} s: ${failureReason(this.lastError)}`,
        details,
      };
    }
    if (lagSeconds * 1000 > (this.options.maxLagMs ?? 60_000)) {
      return {
        component,
        ok: false,
        reason: `${lagBlocks} block(s) behind the node for ${lagSeconds} s`,
        details,
      };
    }
    return { component, ok: true, details };
  }

  private async run(): Promise<void> {
    const { chain } = this.options;
    let failures = 0;
    while (!this.stopRequested) {
      try {
        await this.options.round();
        if (this.failingSince !== undefined) this.options.log(`indexer ${chain}: recovered`);
        this.failingSince = undefined;
        failures = 0;
        await this.sleep(this.options.pollIntervalMs);
      } catch (error) {
        if (this.stopRequested) return;
        const err = error instanceof Error ? error : new Error(String(error));
        this.lastError = err;
        this.failingSince ??= Date.now();
        const backoff = backoffDelay(++failures, MIN_BACKOFF_MS, MAX_BACKOFF_MS);
        const message = `indexer ${chain}: ${redactUrlsIn(err.message)}; retrying in ${backoff} ms`;
        if (isRetryableError(err)) {
          this.options.log(message);
        } else if (Date.now() - this.lastErrorLoggedAt >= ERROR_LOG_INTERVAL_MS) {
          this.lastErrorLoggedAt = Date.now();
          this.options.logError(message);
        }
        await this.sleep(backoff);
      }
    }
  }

  /** A pause that wake() cuts short; none once stop() was asked for (it may have come during the round). */
  private sleep(ms: number): Promise<void> {
    if (this.stopRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
