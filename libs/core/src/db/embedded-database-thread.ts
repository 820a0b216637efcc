import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths';
import { EmbeddedConnectionStream } from './embedded-connection-stream';

/** Resolved from the repository root, so sources (tests, benches) and dist/ load the same file. */
const WORKER_FILE = join(PROJECT_ROOT, 'libs', 'core', 'src', 'db', 'embedded-database.worker.mjs');

export interface EmbeddedDatabaseThread {
  /**
   * Names this store in the process (the host is the thread's id); `pg` takes it for a connection
   * string, and `connect` replaces the socket it would open.
   */
  readonly url: string;
  /** A new connection to the thread: `pg`'s `stream` option. */
  connect(): EmbeddedConnectionStream;
  /** Closes PGlite (checkpointed), then ends the thread. Close the pools on it first. */
  close(): Promise<void>;
}

/** The embedded store's thread ended without being asked to: its files are as a crash left them. */
export class EmbeddedDatabaseExitedError extends Error {
  constructor(readonly details: string) {
    super(`The embedded database thread ended unexpectedly: ${details}`);
    this.name = 'EmbeddedDatabaseExitedError';
  }
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'closed'; error?: string };

/**
 * Runs PGlite on a worker thread (docs/architecture.md §4): PGlite's WASM executes every statement
 * synchronously, and on the main thread it took about half of a backfill's CPU away from the indexer,
 * the projections and the API. Once open, the thread keeps nothing the process must wait for
 * (`unref`): the connections to it (MessagePorts) decide the process's life, as sockets would. Until
 * then it is all that keeps the process waiting for it.
 *
 * A thread that dies while open takes every connection with it and nothing would bring it back, so
 * that is raised as an uncaught error: the process ends, and a restart opens the files again and
 * recovers them from the WAL, as after any crash.
 */
export function startEmbeddedDatabaseThread(dataDir: string | undefined): Promise<EmbeddedDatabaseThread> {
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
  let closing: Promise<void> | undefined;
  let onClosed: ((message: { error?: string }) => void) | undefined;

  return new Promise((resolve, reject) => {
    let opened = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        opened = true;
        worker.unref();
        resolve({ url: `postgres://postgres@pglite-thread-${worker.threadId}/postgres`, connect, close });
      } else if (message.type === 'failed') {
        void worker.terminate();
        reject(Object.assign(new Error(message.message), { stack: message.stack }));
      } else if (message.type === 'closed') {
        onClosed?.(message);
      }
    });
    worker.on('error', (error) => {
      if (!opened) return reject(error);
      if (!closing) crash(`${error.stack ?? error.message}`);
    });
    worker.on('exit', (code) => {
      if (!opened) return reject(new EmbeddedDatabaseExitedError(`exit code ${code} while opening`));
      if (closing) onClosed?.({});
      else crash(`exit code ${code}`);
    });
  });

  function connect(): EmbeddedConnectionStream {
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    return new EmbeddedConnectionStream(port1);
  }

  function close(): Promise<void> {
    closing ??= new Promise<void>((resolve, reject) => {
      onClosed = ({ error }) => {
        void worker.terminate().then(() => (error ? reject(new Error(error)) : resolve()));
      };
      worker.postMessage({ type: 'close' });
    });
    return closing;
  }
}

function crash(details: string): void {
  process.nextTick(() => {
    throw new EmbeddedDatabaseExitedError(details);
  });
}
