import { performance } from 'node:perf_hooks';
import { parse } from 'lossless-json';
import type { TestAnvil } from '../../test/support/anvil';
import type { ServiceProcess } from '../../test/support/service-process';

/** The indexer's default poll interval over http(s); the baseline polls the node at the same rate. */
const POLL_MS = 500;

export interface HeadLatency {
  readonly samples: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** A bare loop polling eth_blockNumber every POLL_MS: what any polling client pays. */
  readonly baselineP50: number;
}

/**
 * With the service caught up, mines blocks one at a time at irregular moments and times until
 * GET /api/blocks/latest answers each one.
 */
export async function measureHeadLatency(
  anvil: TestAnvil,
  service: ServiceProcess,
  blocks = 40,
): Promise<HeadLatency> {
  const service_: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < blocks; i++) {
    await new Promise((r) => setTimeout(r, 50 + 97 * (i % 7)));
    await anvil.testClient.mine({ blocks: 1 });
    const mined = performance.now();
    const target = await anvil.publicClient.getBlockNumber();
    let nextPoll = mined + Math.random() * POLL_MS;
    let polled = false;
    let served = false;
    while (!polled || !served) {
      const now = performance.now();
      if (!polled && now >= nextPoll) {
        if ((await anvil.publicClient.getBlockNumber()) >= target) {
          baseline.push(performance.now() - mined);
          polled = true;
        } else nextPoll += POLL_MS;
      }
      if (!served) {
        const res = await service.get('/api/blocks/latest?chain=ethereum');
        if (res.status === 200 && BigInt(String((parse(res.text) as { number: unknown }).number)) >= target) {
          service_.push(performance.now() - mined);
          served = true;
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const sorted = [...service_].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
  const baselineSorted = [...baseline].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(sorted[sorted.length - 1]),
    baselineP50: Math.round(baselineSorted[Math.floor(baselineSorted.length / 2)]),
  };
}
