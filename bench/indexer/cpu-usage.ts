import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user and system) of a Linux process from /proc, all its threads, in ms (fields 14 and 15, clock
 * ticks of 10 ms); with `tid`, of that one thread of it (/proc/<pid>/task/<tid>/stat).
 */
export function processCpuMs(pid: number, tid?: number): number {
  const stat = readFileSync(
    tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
    'utf8',
  );
  // The command name (field 2) may hold spaces; the fields after it start past its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time the whole machine has spent busy since boot, in ms: every core's user, nice, system, irq and
 * softirq ticks from /proc/stat (idle and iowait left out). Differences of two readings tell how much of
 * the cores a run used, whoever used them (PostgreSQL's backends come and go with their connections).
 */
export function machineBusyMs(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = cpu;
  return (user! + nice! + system! + irq! + softirq!) * 10;
}

/** Time on a core and waiting in a run queue for one, in ms, since a thread started. */
export interface ThreadTime {
  /** Running on a core. */
  readonly onCpuMs: number;
  /** Ready to run, waiting in a run queue for a core (taken by other threads or processes). */
  readonly waitingMs: number;
}

/** A process's main thread and the sum over its other threads (V8's compiler and GC helpers, libuv's pool). */
export interface ServiceThreadTime {
  readonly main: ThreadTime;
  readonly others: ThreadTime & { readonly threads: number };
}

/**
 * The scheduler's counters of each thread of `pid` (/proc/<pid>/task/<tid>/schedstat: nanoseconds on a
 * CPU, nanoseconds runnable in a run queue), counted from each thread's start. Undefined where the kernel
 * does not keep them. The service's JavaScript runs on its main thread (thread id = pid), so the main
 * thread's waiting time is time the whole pipeline (fetch, decode, append, project) stood still.
 */
export function serviceThreadTime(pid: number): ServiceThreadTime | undefined {
  try {
    let main: ThreadTime | undefined;
    let onCpuMs = 0;
    let waitingMs = 0;
    let threads = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const time = threadTime(`/proc/${pid}/task/${tid}/schedstat`);
      if (!time) continue;
      if (tid === String(pid)) {
        main = time;
      } else {
        onCpuMs += time.onCpuMs;
        waitingMs += time.waitingMs;
        threads++;
      }
    }
    return main ? { main, others: { onCpuMs, waitingMs, threads } } : undefined;
  } catch {
    return undefined;
  }
}

function threadTime(path: string): ThreadTime | undefined {
  try {
    const [onCpuNs, waitingNs] = readFileSync(path, 'utf8').trim().split(' ');
    const onCpuMs = Number(onCpuNs) / 1e6;
    const waitingMs = Number(waitingNs) / 1e6;
    return Number.isFinite(onCpuMs) && Number.isFinite(waitingMs) ? { onCpuMs, waitingMs } : undefined;
  } catch {
    // The thread ended between the listing and the read.
    return undefined;
  }
}
