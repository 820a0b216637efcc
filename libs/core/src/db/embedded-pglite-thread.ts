import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The worker's program: PGlite and its socket server, on a loopback port it reports, until told to close.
 * Source text rather than a file, so the same worker starts from the compiled tree and from the sources
 * under test; the packages come as absolute paths resolved by the parent, so no working directory matters.
 */
const HOST_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
let close;
parentPort.on('message', (message) => {
  if (message === 'close' && close) close().then(() => parentPort.postMessage({ closed: true }), (error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
});
(async () => {
  const { PGlite } = require(workerData.pglite);
  const { PGLiteSocketServer } = require(workerData.socket);
  const { dataDir, pgliteWasmModule, initdbWasmModule, fsBundle } = workerData;
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([fsBundle]),
  });
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 32 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  close = async () => {
    await server.stop();
    await db.close();
  };
  parentPort.postMessage({ conn: server.getServerConn() });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

/** A compiled WebAssembly module: the project's TypeScript libraries declare no WebAssembly types. */
type WasmModule = object;
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

interface PgliteAssets {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
  fsBundle: Uint8Array;
}

let assets: Promise<PgliteAssets> | undefined;

/**
 * PGlite's compiled WebAssembly and file-system bundle, read and compiled once per process and handed
 * to every thread: a thread that found them itself spent about a second on it per database opened.
 */
function pgliteAssets(): Promise<PgliteAssets> {
  return (assets ??= (async () => {
    const dir = dirname(require.resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(join(dir, file))),
    );
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite!),
      initdbWasmModule: await WebAssembly.compile(initdb!),
      fsBundle: fsBundle!,
    };
  })());
}

/** Embedded PGlite served on a loopback port from a thread of its own. */
export interface EmbeddedPgliteThread {
  /** `host:port` of its socket server. */
  readonly conn: string;
  /** Stops the server, closes PGlite (its files consistent), ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts PGlite with its socket server in a worker thread (docs/architecture.md §4, "Embedded"). PGlite
 * executes every statement synchronously in the thread that hosts it; in the service's main thread it
 * took the database's whole share of the work away from the indexer, the projections and the API, one
 * core doing what two could. Clients reach it exactly as before, through `pg` on the socket.
 */
export async function startEmbeddedPgliteThread(dataDir: string | undefined): Promise<EmbeddedPgliteThread> {
  const worker = new Worker(HOST_PROGRAM, {
    eval: true,
    workerData: {
      pglite: require.resolve('@electric-sql/pglite'),
      socket: require.resolve('@electric-sql/pglite-socket'),
      dataDir,
      ...(await pgliteAssets()),
    },
  });
  const next = () =>
    new Promise<{ conn?: string; closed?: boolean; error?: string }>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database thread exited with ${code}`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { conn?: string; closed?: boolean; error?: string }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve(message);
      });
    });
  const started = await next().catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (!started.conn) {
    await worker.terminate();
    throw new Error(`embedded PGlite did not start: ${started.error}`);
  }
  let closing: Promise<void> | undefined;
  return {
    conn: started.conn,
    close: () =>
      (closing ??= (async () => {
        const done = next();
        worker.postMessage('close');
        try {
          const answer = await done;
          if (answer.error) throw new Error(`embedded PGlite did not close cleanly: ${answer.error}`);
        } finally {
          await worker.terminate();
        }
      })()),
  };
}
