import { type Decider, foldStream, handleCommand } from './decider';
import {
  type EventStore,
  type ExpectedVersion,
  NO_STREAM,
  type NewEvent,
  type RecordedEvent,
  type StreamEvent,
  START,
  WrongExpectedVersionError,
} from './event-store';

type Counted = StreamEvent<'Added', { n: number }>;
type Add = { n: number; limit: number };

/** A counter that refuses to pass its limit: enough to see read, fold, decide and append. */
const counter: Decider<number, Add, Counted> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.n,
  decide: ({ n, limit }, total) => {
    if (total + n > limit) throw new Error(`over the limit at ${total}`);
    return [{ id: `add-${total}-${n}`, type: 'Added', data: { n } }];
  },
};

/** One stream in memory; `interfere` appends behind the handler's back before its next n appends. */
function memoryStore() {
  const events: RecordedEvent[] = [];
  let interfere = 0;
  const store = {
    appends: [] as ExpectedVersion[],
    interfere: (times: number) => (interfere = times),
    readStream: async <E extends StreamEvent>() => [...events] as RecordedEvent<E>[],
    appendToStream: async <E extends StreamEvent>(
      streamId: string,
      batch: readonly NewEvent<E>[],
      options: { expectedVersion?: ExpectedVersion } = {},
    ) => {
      store.appends.push(options.expectedVersion ?? 'any');
      if (interfere > 0) {
        interfere -= 1;
        push(streamId, { id: `other-${events.length}`, type: 'Added', data: { n: 1 } });
      }
      const actual = BigInt(events.length) - 1n;
      if (options.expectedVersion !== undefined && options.expectedVersion !== actual)
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, actual);
      for (const e of batch) push(streamId, e);
      return { nextExpectedVersion: BigInt(events.length) - 1n, appended: batch.length };
    },
  };
  const push = (streamId: string, e: NewEvent) =>
    events.push({
      ...e,
      streamId,
      streamPosition: BigInt(events.length),
      position: START,
      metadata: {},
      createdAt: new Date(0),
    });
  return store satisfies Pick<EventStore, 'readStream' | 'appendToStream'>;
}

describe('foldStream and handleCommand', () => {
  it('folds an empty stream to the initial state at NO_STREAM', async () => {
    expect(await foldStream(memoryStore(), 's-1', counter)).toEqual({ state: 0, version: NO_STREAM });
  });

  it('appends what decide returns at the revision it read, and returns the state it leads to', async () => {
    const store = memoryStore();
    await handleCommand(store, 's-1', counter, { n: 2, limit: 10 });
    const handled = await handleCommand(store, 's-1', counter, { n: 3, limit: 10 });
    expect(handled).toMatchObject({ state: 5, version: 1n });
    expect(store.appends).toEqual([NO_STREAM, 0n]);
    expect(await foldStream(store, 's-1', counter)).toEqual({ state: 5, version: 1n });
  });

  it('decides again on the moved stream once, then lets the conflict through', async () => {
    const store = memoryStore();
    store.interfere(1);
    expect((await handleCommand(store, 's-1', counter, { n: 2, limit: 10 })).state).toBe(3);
    expect(store.appends).toEqual([NO_STREAM, 0n]);

    store.interfere(2);
    await expect(handleCommand(store, 's-1', counter, { n: 2, limit: 10 })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
  });

  it('passes a refusal through without appending', async () => {
    const store = memoryStore();
    await handleCommand(store, 's-1', counter, { n: 4, limit: 5 });
    await expect(handleCommand(store, 's-1', counter, { n: 2, limit: 5 })).rejects.toThrow(
      'over the limit at 4',
    );
    expect(store.appends).toHaveLength(1);
  });
});
