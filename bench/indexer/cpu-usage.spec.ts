import { existsSync } from 'node:fs';
import { processCpuMs, serviceThreadTime } from './cpu-usage';

/**
 * Keeps the main thread busy until the kernel's tick accounting has charged it `ms` more of CPU: another
 * counter than schedstat's, and the thread's own (process.cpuUsage() would also count whatever other
 * threads of a shared test process are doing).
 */
function spin(ms: number): void {
  const mainThreadCpuMs = () => processCpuMs(process.pid, process.pid);
  const start = mainThreadCpuMs();
  let x = 0;
  while (mainThreadCpuMs() - start < ms) x += Math.sqrt(x + 1);
  if (Number.isNaN(x)) throw new Error('unreachable');
}

const schedstat = existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`);

describe('serviceThreadTime (bench:indexer)', () => {
  (schedstat ? it : it.skip)('counts the main thread on a core apart from its other threads', () => {
    const before = serviceThreadTime(process.pid)!;
    spin(100);
    const after = serviceThreadTime(process.pid)!;
    // The kernel charged the main thread 100 ms (at 10 ms resolution): schedstat's count moved with it.
    expect(after.main.onCpuMs - before.main.onCpuMs).toBeGreaterThanOrEqual(80);
    expect(after.main.waitingMs).toBeGreaterThanOrEqual(before.main.waitingMs);
    // Node always runs helper threads (V8's platform workers, libuv's); they are not the main thread.
    expect(after.others.threads).toBeGreaterThan(0);
  });

  it('is undefined for a process that does not exist', () => {
    expect(serviceThreadTime(2 ** 30)).toBeUndefined();
  });
});
