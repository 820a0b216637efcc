// The embedded store's thread: PGlite, speaking the PostgreSQL wire protocol to `pg` clients over
// MessagePorts (docs/architecture.md §4).
//
// Plain JavaScript on purpose: a worker thread starts a fresh module loader, and this file must load
// the same way under `npm start` (dist/), the tests (jest's transform does not reach workers) and the
// benches (swc's require hook). It imports nothing of ours.
//
// Written by hand because no maintained library serves PGlite to `pg` without a socket:
// pglite-socket runs each protocol message through its own call and write, and concatenates its whole
// input buffer again for every chunk read, so a multi-megabyte INSERT costs time quadratic in its size.
// Here a connection's batch (everything a client wrote in one tick: Parse, Bind, Execute, Sync of a
// query) runs in one `execProtocolRaw` call and its answer goes back in one message.
//
// Messages from the parent: { type: 'connect', port } opens a connection on that port;
// { type: 'close' } closes PGlite (a checkpoint, so the next open replays no WAL). To the parent:
// { type: 'ready' }, { type: 'failed', message, stack }, { type: 'closed', error? }.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataDir?: string }} */
const { dataDir } = workerData;
/** Startup messages carry no type byte; an SSLRequest is one with this code (PostgreSQL protocol). */
const SSL_REQUEST_CODE = 80877103;
const TERMINATE = 0x58; // 'X'

/** @type {PGlite} */
let db;
/**
 * Batches waiting to run, in arrival order. PGlite is one session: batches run one at a time, and
 * while a connection's transaction is open only that connection's batches (and startups) may run.
 * @type {Array<{ connection: Connection, messages?: Uint8Array, startup?: boolean }>}
 */
const queue = [];
/** The connection whose open transaction the session is in. @type {Connection | null} */
let owner = null;
let running = false;

class Connection {
  /** @param {import('node:worker_threads').MessagePort} port */
  constructor(port) {
    this.port = port;
    this.started = false;
    this.closed = false;
    /** An incomplete message carried over to the next chunk. @type {Uint8Array | undefined} */
    this.carry = undefined;
    port.on('message', (chunk) => this.receive(chunk));
    port.on('close', () => this.close());
  }

  /** @param {Uint8Array} chunk */
  receive(chunk) {
    let input = chunk;
    if (this.carry) {
      input = new Uint8Array(this.carry.length + chunk.length);
      input.set(this.carry);
      input.set(chunk, this.carry.length);
      this.carry = undefined;
    }
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    let offset = 0;
    while (!this.started) {
      if (input.length - offset < 8 || input.length - offset < view.getInt32(offset)) {
        this.carry = input.slice(offset);
        return;
      }
      const length = view.getInt32(offset);
      if (view.getInt32(offset + 4) === SSL_REQUEST_CODE) {
        this.port.postMessage(new Uint8Array([0x4e])); // 'N': no TLS on a MessagePort
      } else {
        this.started = true;
        enqueue({ connection: this, messages: input.subarray(offset, offset + length), startup: true });
      }
      offset += length;
    }
    let end = offset;
    while (end + 5 <= input.length && input[end] !== TERMINATE) {
      const next = end + 1 + view.getInt32(end + 1);
      if (next > input.length) break;
      end = next;
    }
    if (end > offset) enqueue({ connection: this, messages: input.subarray(offset, end) });
    // After Terminate the client closes its end of the port, which closes the connection here.
    if (end < input.length && input[end] !== TERMINATE) this.carry = input.slice(end);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].connection === this) queue.splice(i, 1);
    // A client gone inside a transaction must not leave the session in it for the next one.
    if (owner === this) enqueue({ connection: this });
  }
}

/** @param {{ connection: Connection, messages?: Uint8Array, startup?: boolean }} batch */
function enqueue(batch) {
  queue.push(batch);
  if (!running) void pump();
}

async function pump() {
  running = true;
  try {
    for (;;) {
      const index = queue.findIndex((b) => b.startup || !owner || b.connection === owner);
      if (index < 0) return;
      const [{ connection, messages }] = queue.splice(index, 1);
      if (!messages) {
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        owner = null;
        continue;
      }
      const answer = await execute(messages);
      owner = db.isInTransaction() ? connection : null;
      if (answer && !connection.closed) connection.port.postMessage(answer, [answer.buffer]);
    }
  } catch (error) {
    // PGlite failed inside a statement's execution, not with an error answer: the session cannot be
    // trusted, so the thread ends and the parent with it (embedded-database-thread.ts).
    setImmediate(() => {
      throw error;
    });
  } finally {
    running = false;
  }
}

/**
 * Runs complete protocol messages; returns the server's answer, or undefined when it said nothing.
 * `execProtocolRawStream`, not `execProtocolRaw`: the latter also parses every answer message in
 * JavaScript and keeps the parsed messages until some `query` call resets them, which costs time and
 * memory in proportion to the rows read, for nothing here.
 * @param {Uint8Array} messages
 */
async function execute(messages) {
  /** @type {Uint8Array[]} */
  const parts = [];
  let size = 0;
  await db.execProtocolRawStream(messages, {
    // A view into PGlite's memory, valid only during the call.
    onRawData: (data) => {
      parts.push(data.slice());
      size += data.length;
    },
  });
  if (parts.length <= 1) return parts[0];
  const answer = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    answer.set(part, offset);
    offset += part.length;
  }
  return answer;
}

async function open() {
  // The parent folder, as when the store ran on the main thread: PGlite makes `pgdata` itself.
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  db = await PGlite.create(dataDir ? { dataDir } : {});
}

open().then(
  () => {
    parentPort.on('message', (message) => {
      if (message?.type === 'connect') new Connection(message.port);
      else if (message?.type === 'close') {
        // Pending batches are the clients' to lose: the parent closes its pool first.
        db.close().then(
          () => parentPort.postMessage({ type: 'closed' }),
          (error) => parentPort.postMessage({ type: 'closed', error: String(error?.stack ?? error) }),
        );
      }
    });
    parentPort.postMessage({ type: 'ready' });
  },
  (error) =>
    parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), stack: error?.stack }),
);
