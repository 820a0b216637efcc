import { createServer } from 'node:net';
import { isRetryableError } from '@chainwire/core';
import { START } from '../event-store';
import { KurrentDbEventStore } from './kurrentdb-event-store';

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The rejection of `work`, which must come. */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

// The real client against a port with no server: every call must fail retryably, so that the roles wait
// and resume instead of parking events or ending (issue #41, defect 2), and nothing escapes as an
// unhandled 'error' (defect 1).
describe('KurrentDbEventStore against a closed port', () => {
  let store: KurrentDbEventStore;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUnhandled);
    process.on('unhandledRejection', onUnhandled);
    store = KurrentDbEventStore.connect(`kurrentdb://127.0.0.1:${await closedPort()}?tls=false`);
  });
  afterAll(async () => {
    await store.close();
    process.off('uncaughtException', onUnhandled);
    process.off('unhandledRejection', onUnhandled);
  });

  it.each([
    ['appendToStream', () => store.appendToStream('t-1', [{ id: crypto.randomUUID(), type: 'T', data: {} }])],
    [
      'appendToStreams',
      () =>
        store.appendToStreams([
          {
            stream: 't-2',
            events: [{ id: crypto.randomUUID(), type: 'T', data: {} }],
            expectedVersion: 'any',
          },
        ]),
    ],
    ['readStream', () => store.readStream('t-1')],
    ['streamVersion', () => store.streamVersion('t-1')],
    ['readAll', () => store.readAll({ after: START, limit: 1 })],
    ['headPosition', () => store.headPosition()],
  ])('%s fails retryably', async (_name, call) => {
    const error = await failureOf(call);
    expect(error).toBeInstanceOf(Error);
    expect({ message: (error as Error).message, retryable: isRetryableError(error) }).toMatchObject({
      retryable: true,
    });
  });

  it('subscribeToAll fails retryably from the iterator, without an unhandled error', async () => {
    const error = await failureOf(async () => {
      for await (const batch of store.subscribeToAll({ filter: { streamPrefixes: ['t-'] } })) void batch;
    });
    expect({ message: (error as Error).message, retryable: isRetryableError(error) }).toMatchObject({
      retryable: true,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(unhandled).toEqual([]);
  });
});
