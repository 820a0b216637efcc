import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamEvent,
  SubscribeOptions,
} from './event-store';

/** Told how many events of a type an append stored. */
export type AppendObserver = (type: string, count: number) => void;

/**
 * The store, telling `observe` what each append stored, by event type (the metrics' events appended per
 * type). A batch stored only in part (some ids were stored already) counts its last `appended` events:
 * the stored ones are those of an earlier try of the same batch, its beginning.
 */
export function observeAppends(store: EventStore, observe: AppendObserver): EventStore {
  const count = (events: readonly NewEvent[]) => {
    const byType = new Map<string, number>();
    for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    for (const [type, n] of byType) observe(type, n);
  };
  return {
    async appendToStream<E extends StreamEvent = StreamEvent>(
      streamId: string,
      events: readonly NewEvent<E>[],
      options?: { expectedVersion?: ExpectedVersion },
    ): Promise<AppendResult> {
      const result = await store.appendToStream(streamId, events, options);
      if (result.appended > 0) count(events.slice(events.length - result.appended));
      return result;
    },
    async appendToStreams(appends: readonly StreamAppend[]): Promise<StreamAppend[]> {
      const conflicts = await store.appendToStreams(appends);
      const refused = new Set(conflicts);
      count(appends.filter((a) => !refused.has(a)).flatMap((a) => a.events));
      return conflicts;
    },
    readStream: <E extends StreamEvent = StreamEvent>(
      streamId: string,
      options?: ReadStreamOptions,
    ): Promise<RecordedEvent<E>[]> => store.readStream<E>(streamId, options),
    streamVersion: (streamId: string) => store.streamVersion(streamId),
    readAll: <E extends StreamEvent = StreamEvent>(options?: ReadAllOptions): Promise<RecordedEvent<E>[]> =>
      store.readAll<E>(options),
    headPosition: (): Promise<GlobalPosition> => store.headPosition(),
    subscribeToAll: <E extends StreamEvent = StreamEvent>(options?: SubscribeOptions) =>
      store.subscribeToAll<E>(options),
    close: () => store.close(),
  };
}
