import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@chainwire/chains';
import { PROJECT_ROOT } from '@chainwire/core';
import { checkClientAnswers, type ClientContractCheck } from './openapi-contract';

// The flags `npm start` runs the server with (scripts/server-node-flags.cjs), so a spawned service is the one users run.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, shared with npm start's script
const { SERVER_NODE_FLAGS } = require('../../scripts/server-node-flags.cjs') as {
  SERVER_NODE_FLAGS: readonly string[];
};
// The file `npm start` runs: the server bundled into one file (scripts/bundle-server.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, shared with npm start's script
const { ENTRY } = require('../../scripts/build.cjs') as { ENTRY: string };

/** The webhook key spawned services use on a shared database unless a test passes its own. */
export const E2E_WEBHOOK_SECRET_KEY = Buffer.alloc(32, 0x5e).toString('base64');

export interface ServiceProcess {
  readonly url: string;
  readonly apiKey: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** GET with the API key; returns the status and the raw body text (to check exact digits). */
  get(path: string): Promise<{ status: number; text: string }>;
  /** Any method with the API key, a JSON body when given; returns the status and the parsed envelope. */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; json: ServiceEnvelope }>;
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown hooks run. */
  kill(): Promise<void>;
  /** Milliseconds from spawning the process to the first answer of GET /api/blocks/latest. */
  readonly answeredAfterMs: number;
  /** The process id (the server's own process: viaStartScript runs it in the script's process). */
  readonly pid: number;
  /** What get/send received, held to the served document once the spec file's tests ran. */
  readonly contract: ClientContractCheck;
}

/** The API's envelope, `data` left loose for the specs to narrow. */
export interface ServiceEnvelope {
  readonly ok?: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface StartServiceOptions {
  dataDir?: string;
  /**
   * Run the script behind `npm start` (build check, then the server in the same process) instead of the
   * built entry point. Not `npm` itself: it does not pass SIGTERM on, so the server would outlive stop().
   */
  viaStartScript?: boolean;
  /** Node options for the child, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  execArgv?: readonly string[];
  /** Picks the port of each attempt; a free loopback port unless a test wants one that is taken. */
  pickPort?: () => Promise<number>;
}

/** The service's attempts at a port: one picked free can be taken before the child binds it. */
const PORT_ATTEMPTS = 3;

/** Thrown when the child could not bind the picked port; startService picks another. */
class PortTakenError extends Error {}

/** The contract checks of the services this spec file started, each with what it answered. */
const startedServices: { readonly label: string; readonly contract: ClientContractCheck }[] = [];

// Every answer a spawned service gives through get/send is held to the OpenAPI document that build served
// (docs/architecture.md §10): once the spec file's tests ran, whether each service was stopped or killed.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const checks = startedServices.splice(0);
    for (const { label, contract } of checks) {
      const report = await contract.check();
      try {
        report.assertConforms();
      } catch (error) {
        throw new Error(`${label}: ${(error as Error).message}`);
      }
    }
  });
}

/**
 * Starts the built server (`dist/`) as a child process, as `npm start` would, and waits until the API answers.
 * A port picked free comes from the ephemeral range, so any socket (the child's own connections to the node
 * or the database among them) can take it before the child listens: on EADDRINUSE it starts again on another.
 */
export async function startService(
  env: Record<string, string>,
  options: StartServiceOptions = {},
): Promise<ServiceProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'svc-'));
  for (let attempt = 1; ; attempt++) {
    try {
      const port = await (options.pickPort ?? findFreePort)();
      return await startOnPort(env, options, dataDir, port);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function startOnPort(
  env: Record<string, string>,
  options: StartServiceOptions,
  dataDir: string,
  port: number,
): Promise<ServiceProcess> {
  const apiKey = env.DEV_API_KEY ?? 'e2e-test-key-0123456789';
  let output = '';
  const spawnedAt = Date.now();
  const entry = options.viaStartScript ? 'scripts/start.cjs' : ENTRY;
  // The test run's own DATABASE_URL is not the service's: a test that wants PostgreSQL passes a database.
  const { DATABASE_URL: _testRunDatabase, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(options.execArgv ?? []), join(PROJECT_ROOT, entry)],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...inherited,
        LOG_LEVEL: 'info',
        ...env,
        // A shared database needs a configured webhook key (every process must seal with the same one).
        ...(env.DATABASE_URL && !env.WEBHOOK_SECRET_KEY
          ? { WEBHOOK_SECRET_KEY: E2E_WEBHOOK_SECRET_KEY }
          : {}),
        PORT: String(port),
        DATA_DIR: dataDir,
        DEV_API_KEY: apiKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const contract = checkClientAnswers(url);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    contract.record(method, path, res.status, res.headers.get('content-type'), text);
    return { status: res.status, text };
  };
  const get = (path: string) => call('GET', path);
  const send = async (method: string, path: string, body?: unknown) => {
    const { status, text } = await call(method, path, body);
    return { status, json: JSON.parse(text) as ServiceEnvelope };
  };
  const probe = async () =>
    (await fetch(`${url}/api/blocks/latest`, { headers: { 'x-api-key': apiKey } })).status;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `service exited with ${child.exitCode}:\n${output}`;
      const portTaken = new RegExp(`EADDRINUSE.*:${port}\\b`).test(output);
      throw portTaken ? new PortTakenError(message) : new Error(message);
    }
    try {
      const status = await probe();
      if (status === 200 || status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const answeredAfterMs = Date.now() - spawnedAt;
  await contract.fetchDocument();
  startedServices.push({ label: `service ${entry} on port ${port}`, contract });
  return {
    answeredAfterMs,
    pid: child.pid!,
    contract,
    url,
    apiKey,
    dataDir,
    output: () => output,
    get,
    send,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
