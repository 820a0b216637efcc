import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '@chainwire/core';

export const ANVIL_PID_FILE = 'anvil.pid';

const STOP_TIMEOUT_MS = 10_000;

/**
 * A server killed with SIGKILL cannot stop its anvil child, which keeps running and keeps dumping
 * into the data dir's state file. Before a new anvil takes the directory, the old one is asked to stop
 * with SIGINT, so that it writes its final state (blocks mined since its last periodic dump included)
 * and exactly one anvil owns the file. Only a live process whose command line is anvil with this data
 * dir is touched, so a recycled pid is left alone.
 */
export async function stopOrphanedAnvil(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = join(dataDir, ANVIL_PID_FILE);
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (!isAnvilFor(pid, dataDir)) return;
  log(`stopping anvil ${pid} left running by a previous process on ${dataDir}`);
  signal(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isProcessAlive(pid)) signal(pid, 'SIGKILL');
}

/** Records the anvil that now owns dataDir. */
export function recordAnvilPid(dataDir: string, pid: number): void {
  writeFileSync(join(dataDir, ANVIL_PID_FILE), String(pid));
}

function isAnvilFor(pid: number, dataDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('anvil')) && cmdline.some((arg) => arg.startsWith(dataDir));
  } catch {
    // No such process, or no procfs (then nothing can be proven about the pid: leave it).
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
