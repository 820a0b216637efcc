import { randomUUID } from 'node:crypto';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { appendHandler, batchAppendHandler } from './append-handlers';
import { DEFAULT_MAX_APPEND_SIZE_BYTES } from './append-size';
import { DEFAULT_READ_BATCH_SIZE } from './all-subscription';
import { EventLog } from './event-log';
import { OpenCalls } from './open-calls';
import { GossipService, ServerFeaturesService, StreamsService } from './protocol';
import { readHandler } from './read-handler';
import { gossipHandler, supportedMethodsHandler } from './server-features';
import { runStandardProjections } from './standard-projections';

export interface KurrentDbFixtureOptions {
  /** Default 1_048_576, the server's default MaxAppendSize. */
  maxAppendSizeBytes?: number;
  /**
   * Default false. When true, each append to a non-system stream is followed in $all by the system link
   * events (`$>` in `$et-<type>` / `$ce-<category>`) the server's standard projections write.
   */
  standardProjections?: boolean;
  /** Events a catch-up subscription sends per server-side read; default 32, the server's page size. */
  readBatchSize?: number;
}

export interface KurrentDbFixture {
  readonly url: string;
  readonly port: number;
  /** Closes the port and every open call with gRPC status 14 UNAVAILABLE (a dropped connection). Data kept. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** stop() + start(), and forgets the in-memory idempotency window, as a server restart does. */
  restart(): Promise<void>;
  /** Ends every open subscription/read call with UNAVAILABLE without closing the port. */
  dropSubscriptions(): void;
  /** Number of Append calls received so far (lets tests assert how many appends a caller made). */
  readonly appendCalls: number;
  close(): Promise<void>;
}

/**
 * A KurrentDB node as the client sees it over gRPC, on an insecure single-node connection
 * (`kurrentdb://127.0.0.1:<port>?tls=false`): Streams (Read, Append, BatchAppend), ServerFeatures and
 * Gossip, over one in-memory log. What it models and what only a real server shows is listed in
 * docs/architecture.md §10.
 */
export async function startKurrentDbFixture(
  options: KurrentDbFixtureOptions = {},
): Promise<KurrentDbFixture> {
  const log = new EventLog();
  const openCalls = new OpenCalls();
  const instanceId = randomUUID();
  let appendCalls = 0;
  let port = 0;
  let server: Server | undefined;
  const appendContext = {
    log,
    openCalls,
    maxAppendSizeBytes: options.maxAppendSizeBytes ?? DEFAULT_MAX_APPEND_SIZE_BYTES,
    countAppend: () => {
      appendCalls += 1;
    },
  };
  const readContext = { log, openCalls, readBatchSize: options.readBatchSize ?? DEFAULT_READ_BATCH_SIZE };

  // A fresh node's $all is never empty of system records; readers must cope with `$`-typed events first.
  log.commit('$settings', [
    {
      id: randomUUID(),
      type: '$settings',
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify({ $userStreamAcl: { $r: '$all' } }), 'utf8'),
      customMetadata: new Uint8Array(),
    },
  ]);
  const stopProjections = options.standardProjections ? runStandardProjections(log) : () => {};

  const listen = async () => {
    const next = new Server();
    next.addService(StreamsService, {
      read: readHandler(readContext),
      append: appendHandler(appendContext),
      batchAppend: batchAppendHandler(appendContext),
    });
    next.addService(ServerFeaturesService, { getSupportedMethods: supportedMethodsHandler() });
    next.addService(GossipService, { read: gossipHandler(instanceId, () => port) });
    port = await new Promise<number>((resolve, reject) =>
      next.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    server = next;
  };

  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    openCalls.endAll('Server is shutting down.');
    // Let the statuses reach the client before the connections are torn down.
    await new Promise((resolve) => setTimeout(resolve, 20));
    running.forceShutdown();
  };

  await listen();

  return {
    get url() {
      return `kurrentdb://127.0.0.1:${port}?tls=false`;
    },
    get port() {
      return port;
    },
    get appendCalls() {
      return appendCalls;
    },
    stop,
    start: async () => {
      if (!server) await listen();
    },
    restart: async () => {
      await stop();
      log.forgetIdempotencyWindow();
      await listen();
    },
    dropSubscriptions: () => openCalls.endAll('Subscription dropped.', 'read'),
    close: async () => {
      stopProjections();
      await stop();
    },
  };
}
