import { spawn } from 'node:child_process';
import { isProcessAlive } from './process-alive';

describe('isProcessAlive', () => {
  it('is true for this process and false for a pid that does not exist', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });

  it('counts a killed child as gone', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const pid = child.pid!;
    expect(isProcessAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    for (let i = 0; i < 50 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(isProcessAlive(pid)).toBe(false);
  });
});
