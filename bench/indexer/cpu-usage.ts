import { readFileSync } from 'node:fs';

/** CPU time (user and system) of a Linux process from /proc, all its threads, in ms (fields 14 and 15, clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
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
