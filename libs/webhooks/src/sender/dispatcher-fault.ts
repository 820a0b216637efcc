/**
 * A failure of the dispatcher's own side of an attempt (its DNS resolver not answering, a signing secret it
 * cannot open, shutdown), not of the subscriber's endpoint. Such an attempt is not recorded: no attempt is
 * used up and nothing counts toward the subscription's circuit breaker; the delivery is tried again after
 * `retryAfterMs` (docs/architecture.md §8).
 */
export class DispatcherFaultError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs = 5_000,
  ) {
    super(message);
    this.name = 'DispatcherFaultError';
  }
}
