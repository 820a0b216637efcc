import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The LiteSVM JSON-RPC node (solana-rpc-server.ts) in a process of its own, as a validator would be. Why not
 * in the test's process: litesvm 0.8's linux x64 native addon leaves the V8 heap corrupted once a program makes
 * a cross-program invocation (the associated-token program does, to create an account), and the next garbage
 * collection of any kind aborts the process with std::bad_alloc (an open upstream bug). So the node runs with a
 * fixed 64 MB young generation and no memory reducer: it loads its modules (the allocations that collect)
 * before any transaction, and a test run's few requests then allocate far less than one young generation, so
 * no collection runs after the first invocation. It is SIGKILLed at the end, so no teardown finalizer runs
 * either. Should it die anyway, `exited()` says so and requests fail with the connection refused.
 */
export interface SolanaRpcProcess {
  readonly url: string;
  /** The node's stderr so far (a crash's message). */
  readonly stderr: () => string;
  /** How the node ended, when it has: a crash shows here (the test stops it with SIGKILL). */
  readonly exited: () => string | undefined;
  stop(): Promise<void>;
}

export async function startSolanaRpcProcess(): Promise<SolanaRpcProcess> {
  // A large young generation keeps the few allocations of a test run clear of collections.
  const child = spawn(
    process.execPath,
    [
      '--min-semi-space-size=64',
      '--max-semi-space-size=64',
      '--no-memory-reducer',
      join(__dirname, 'solana-rpc-child.cjs'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `code ${code}, signal ${signal}`));
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
    exited: () => exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
