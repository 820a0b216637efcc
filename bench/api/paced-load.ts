/**
 * An open-loop load generator at a constant arrival rate, run as a child process by bench/api.bench.ts.
 *
 * Request i is due at start + i / rate, whether or not earlier answers have come back, and its latency
 * counts from that due time, not from when it went out: a stalled server is charged for every request
 * it delayed (the coordinated-omission correction wrk2 makes). Written here because autocannon's
 * `overallRate` is a ceiling per second, not a pace: each connection sends back to back until it has
 * made its share of the second and then waits for the next one, so "1,000 requests/s" arrives as
 * saturated bursts, and its correction assumes one request per connection every millisecond whatever
 * the rate. Its latencies at a fixed rate describe neither the rate nor the service.
 *
 * argv[2]: JSON {url, method, headers, body, rate, duration (s), connections (most sockets open)}.
 * stdout: JSON {requestsPerSecond, total, p50, p99, p999, max (ms from due time), lateP99 (ms the
 * generator itself sent after the due time), non2xx, errors}.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

interface PacedConfig {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  rate: number;
  duration: number;
  connections: number;
}

const config = JSON.parse(process.argv[2]!) as PacedConfig;
const target = new URL(config.url);
const agent = new Agent({ keepAlive: true, maxSockets: config.connections });
const headers = config.body
  ? { ...config.headers, 'content-length': String(Buffer.byteLength(config.body)) }
  : config.headers;

function send(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: config.method,
        headers,
      },
      (res) => {
        res.on('data', () => undefined);
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(config.body);
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function main(): Promise<void> {
  // Open the sockets before the clock starts: connection setup is not what is measured.
  await Promise.all(Array.from({ length: config.connections }, () => send()));
  const total = Math.round(config.rate * config.duration);
  const latencies = new Float64Array(total);
  const lateness = new Float64Array(total);
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  const dueAt = (i: number) => start + (i * 1000) / config.rate;
  await new Promise<void>((finish) => {
    const pump = () => {
      const now = performance.now();
      while (sent < total && dueAt(sent) <= now) {
        const i = sent++;
        const due = dueAt(i);
        lateness[i] = now - due;
        send()
          .then(
            (status) => {
              latencies[i] = performance.now() - due;
              if (status < 200 || status >= 300) non2xx++;
            },
            () => {
              latencies[i] = performance.now() - due;
              errors++;
            },
          )
          .finally(() => {
            if (++settled === total) finish();
          });
      }
      if (sent < total) setTimeout(pump, Math.max(0, dueAt(sent) - performance.now()));
    };
    pump();
  });
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort();
  lateness.sort();
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: (total - errors) / elapsed,
      total,
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      p999: round(percentile(latencies, 99.9)),
      max: round(latencies[latencies.length - 1] ?? 0),
      lateP99: round(percentile(lateness, 99)),
      non2xx,
      errors,
    }),
  );
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
