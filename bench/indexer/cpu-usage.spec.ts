import { existsSync } from 'node:fs';
import { serviceThreadTime } from './cpu-usage';

/** Burns `ms` of this thread's user CPU time (as the process counts it) in a loop. */
function spin(ms: number): void {
  const start = process.cpuUsage().user;
  let x = 0;
  while (process.cpuUsage().user - start < ms * 1000) x += Math.sqrt(x + 1);
  if (Number.isNaN(x)) throw new Error('unreachable');
}

const schedstat = existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`);

describe('serviceThreadTime (bench:indexer)', () => {
  (schedstat ? it : it.skip)('counts the main thread on a core, apart from the other threads', () => {
    const before = serviceThreadTime(process.pid)!;
    spin(60);
    const after = serviceThreadTime(process.pid)!;
    // The spin ran on this (the main) thread: its time on a core grew by about 60 ms.
    expect(after.main.onCpuMs - before.main.onCpuMs).toBeGreaterThanOrEqual(50);
    expect(after.main.waitingMs).toBeGreaterThanOrEqual(before.main.waitingMs);
    // Node always runs helper threads (V8's platform workers, libuv's); they are not the main thread.
    expect(after.others.threads).toBeGreaterThan(0);
    expect(after.others.onCpuMs - before.others.onCpuMs).toBeLessThan(
      after.main.onCpuMs - before.main.onCpuMs,
    );
  });

  it('is undefined for a process that does not exist', () => {
    expect(serviceThreadTime(2 ** 30)).toBeUndefined();
  });
});
