import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * A `pg` connection's socket, carried over a MessagePort to the embedded store's thread
 * (embedded-database.worker.mjs). `pg` takes any Duplex with a socket's few extra methods as its
 * `stream`. Writes of one tick (a query's Parse, Bind, Execute and Sync) go out as one message, which
 * the thread runs in one call: no system call, no per-message round.
 */
export class EmbeddedConnectionStream extends Duplex {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private flushScheduled = false;
  private portClosed = false;

  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (answer: Uint8Array) => {
      this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
    });
    port.on('close', () => {
      this.portClosed = true;
      this.push(null);
      this.destroy();
    });
  }

  /** `pg` connects by host and port; the port is connected already. */
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port.ref();
    return this;
  }

  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {
    // Answers are pushed as they arrive; a MessagePort cannot be paused.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.portClosed) this.port.close();
    callback(error);
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pendingBytes === 0 || this.portClosed) return;
    // A buffer of its own, never one of Node's pooled slabs: transferring detaches it.
    const batch = new Uint8Array(this.pendingBytes);
    let offset = 0;
    for (const chunk of this.pending) {
      batch.set(chunk, offset);
      offset += chunk.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.port.postMessage(batch, [batch.buffer]);
  }
}
