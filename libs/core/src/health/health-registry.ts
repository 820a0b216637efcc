import { failureReason } from '../errors/failure-reason';
import type { HealthReport, HealthSource } from './health-report';

/**
 * The parts of this process that take part in readiness. Roles register what they start (indexers,
 * projection runners, consumers) and the health endpoint asks each one. A source that throws reports
 * itself as not ok rather than failing the probe.
 */
export class HealthRegistry {
  private readonly sources = new Set<HealthSource>();

  register(source: HealthSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  /** What is registered now: the metrics read some of them (consumer runners) for more than health. */
  registered(): readonly HealthSource[] {
    return [...this.sources];
  }

  async reports(): Promise<HealthReport[]> {
    return Promise.all(
      [...this.sources].map(async (source) => {
        try {
          return await source.health();
        } catch (error) {
          return {
            component: 'unknown',
            ok: false,
            reason: `health check failed: ${failureReason(error)}`,
          };
        }
      }),
    );
  }
}
