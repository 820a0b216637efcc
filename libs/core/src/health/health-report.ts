/**
 * What one running part (an indexer, a projection runner, a consumer, a store) says about itself for
 * `GET /health/ready`. `ok: false` makes the service not ready; `reason` is the one line an operator
 * reads first. The probe is public: `reason` and `details` hold fixed words and numbers (failureReason),
 * never an upstream's message, URL or request (docs/architecture.md §9). Parts report synchronously from state they already keep, so a readiness probe never
 * waits on a chain node.
 */
export interface HealthReport {
  /** e.g. `indexer/ethereum`, `projection/balances`, `consumer/webhook-saga`, `database`. */
  readonly component: string;
  readonly ok: boolean;
  readonly reason?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** A part that can say how it is. */
export interface HealthSource {
  health(): HealthReport | Promise<HealthReport>;
}
