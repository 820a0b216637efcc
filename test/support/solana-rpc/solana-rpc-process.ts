import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The LiteSVM JSON-RPC node (solana-rpc-server.ts) in a process of its own, as a validator would be. Why not
 * in the test's process: litesvm 0.8's linux x64 native addon leaves the V8 heap corrupted after a program
 * makes a cross-program invocation (the associated-token program does, to create an account), and the next
 * full garbage collection aborts the process with std::bad_alloc (an open upstream bug). Alone in a small
 * process that allocates little, the node serves a test run without reaching a full collection; it is
 * SIGKILLed at the end, so no teardown finalizer runs either. A crash would still show: requests fail.
 */
export interface SolanaRpcProcess {
  readonly url: string;
  /** The node's stderr so far (a crash's message). */
  readonly stderr: () => string;
  stop(): Promise<void>;
}

export async function startSolanaRpcProcess(): Promise<SolanaRpcProcess> {
  // A large young generation keeps the few allocations of a test run clear of collections.
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', join(__dirname, 'solana-rpc-child.cjs')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`the Solana test node did not start: ${stderr}`)),
      30_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /READY (\S+)\n/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Solana test node exited (${code}): ${stderr}`));
    });
  });
  return {
    url,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
