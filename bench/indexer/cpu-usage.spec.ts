import { existsSync, readFileSync } from 'node:fs';
import { serviceThreadTime } from './cpu-usage';

const MAIN_THREAD_STAT = `/proc/${process.pid}/task/${process.pid}/stat`;

/**
 * The main thread's CPU time in ms from the kernel's tick accounting (/proc/…/task/<tid>/stat, user and
 * system in 10 ms ticks): another counter than schedstat's, and the thread's own, where
 * process.cpuUsage() would also count whatever other threads of a shared test process are doing.
 */
function mainThreadTicksMs(): number {
  const stat = readFileSync(MAIN_THREAD_STAT, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Keeps the main thread busy until the kernel has charged it `ms` more of CPU. */
function spin(ms: number): void {
  const start = mainThreadTicksMs();
  let x = 0;
  while (mainThreadTicksMs() - start < ms) x += Math.sqrt(x + 1);
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
    expect(after.others.onCpuMs).toBeGreaterThanOrEqual(before.others.onCpuMs);
  });

  it('is undefined for a process that does not exist', () => {
    expect(serviceThreadTime(2 ** 30)).toBeUndefined();
  });
});
