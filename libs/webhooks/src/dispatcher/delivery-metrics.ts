import { Counter, Histogram, type Registry } from 'prom-client';
import { MAX_ATTEMPTS } from '../deliveries/retry-schedule';
import type { SendResult } from '../sender/webhook-sender';

/** What the dispatcher tells the metrics of each attempt it records (docs/architecture.md §9). */
export interface DeliveryMetrics {
  attempted(attempt: number, result: SendResult, scheduledAt: Date, now: Date): void;
}

/**
 * `chainwire_webhook_attempts_total{outcome, attempt, status_class}` (outcome delivered, failed or, for
 * a failed last attempt, abandoned) and `chainwire_webhook_delivery_seconds`: from the delivery's
 * scheduling append to the receiver's 2xx.
 */
export function deliveryMetrics(registry: Registry): DeliveryMetrics {
  const attempts = new Counter({
    name: 'chainwire_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome, attempt number and HTTP status class',
    labelNames: ['outcome', 'attempt', 'status_class'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'chainwire_webhook_delivery_seconds',
    help: "Seconds from a delivery's scheduling append to the receiver's 2xx",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
    registers: [registry],
  });
  return {
    attempted(attempt, result, scheduledAt, now) {
      const outcome = result.ok ? 'delivered' : attempt >= MAX_ATTEMPTS ? 'abandoned' : 'failed';
      const statusClass = result.httpStatus === null ? 'none' : `${Math.floor(result.httpStatus / 100)}xx`;
      attempts.inc({ outcome, attempt: String(attempt), status_class: statusClass });
      if (result.ok) latency.observe(Math.max(0, (now.getTime() - scheduledAt.getTime()) / 1000));
    },
  };
}
