import { spawn, type ChildProcess } from 'node:child_process';
import { resolveAnvilBinary } from './anvil-binary';
import { findFreePort } from './free-port';

export interface SpawnAnvilOptions {
  /** Fixed port; omitted: a free loopback port is probed (retried if another process takes it first). */
  port?: number;
  host?: string;
  chainId?: number;
  /** e.g. 'prague', 'cancun', 'shanghai', 'london'. */
  hardfork?: string;
  /** Interval mining; omitted: a block per transaction (automine). */
  blockTimeSeconds?: number;
  /** No mining at all until `evm_mine` / `anvil_mine`. */
  noMining?: boolean;
  /** Load the chain from this file if it exists and dump it there on exit (`--state`). */
  stateFile?: string;
  /** Also dump the state every N seconds, so a crash loses at most that much. */
  stateIntervalSeconds?: number;
  /** Keep historical states in the dump, so reads at old blocks keep working after a restart. */
  preserveHistoricalStates?: boolean;
  accounts?: number;
  /** Balance of every dev account, in ether. */
  balanceEther?: number;
  mnemonic?: string;
  gasLimit?: bigint;
  extraArgs?: readonly string[];
  startTimeoutMs?: number;
  /** Grace period between SIGINT and SIGKILL on stop. */
  stopTimeoutMs?: number;
  log?: (msg: string) => void;
}

export interface AnvilProcess {
  readonly rpcUrl: string;
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  /** SIGINT (anvil dumps its state), then SIGKILL after the grace period. Idempotent. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A parent that exits without stopping its chains still interrupts them (SIGINT lets anvil dump state). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) child.kill('SIGINT');
  });
}

export function anvilArgs(options: SpawnAnvilOptions, host: string, port: number): string[] {
  const args = ['--host', host, '--port', String(port)];
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId));
  if (options.hardfork) args.push('--hardfork', options.hardfork);
  if (options.blockTimeSeconds !== undefined) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.noMining) args.push('--no-mining');
  if (options.stateFile) args.push('--state', options.stateFile);
  if (options.stateIntervalSeconds !== undefined)
    args.push('--state-interval', String(options.stateIntervalSeconds));
  if (options.preserveHistoricalStates) args.push('--preserve-historical-states');
  if (options.accounts !== undefined) args.push('--accounts', String(options.accounts));
  if (options.balanceEther !== undefined) args.push('--balance', String(options.balanceEther));
  if (options.mnemonic) args.push('--mnemonic', options.mnemonic);
  if (options.gasLimit !== undefined) args.push('--gas-limit', options.gasLimit.toString());
  args.push(...(options.extraArgs ?? []));
  return args;
}

/** Starts anvil and resolves once it answers JSON-RPC. */
export async function spawnAnvil(options: SpawnAnvilOptions = {}): Promise<AnvilProcess> {
  const attempts = options.port === undefined ? 3 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await spawnOnce(options, options.port ?? (await findFreePort(options.host)));
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function spawnOnce(options: SpawnAnvilOptions, port: number): Promise<AnvilProcess> {
  const host = options.host ?? '127.0.0.1';
  const args = anvilArgs(options, host, port);
  const child = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  installExitHook();
  live.add(child);

  const output: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 40) output.shift();
      options.log?.(`[anvil:${port}] ${line}`);
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);

  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    });
    child.once('error', () => {
      live.delete(child);
      resolve(-1);
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const rpcUrl = `http://${host}:${port}`;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (hasExited) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    })());

  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  while (!(await answersJsonRpc(rpcUrl))) {
    if (hasExited) {
      throw new Error(`anvil exited during start (${args.join(' ')}):\n${output.join('\n')}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer JSON-RPC at ${rpcUrl} in time:\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { rpcUrl, host, port, pid: child.pid ?? -1, stop };
}

async function answersJsonRpc(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: string };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}
