import { readFileSync } from 'node:fs';

/**
 * Whether pid names a running process. A zombie (exited, not yet reaped: common for a SIGKILLed
 * server under a container init that does not reap) counts as gone, though signal 0 still reaches it.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // The state is the field after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No procfs: trust the signal.
    return true;
  }
}
