import {
  type EventStore,
  NO_STREAM,
  type NewEvent,
  type StreamEvent,
  WrongExpectedVersionError,
} from './event-store';

/** An event as `evolve` sees it: the event and its place in its stream (a recorded event is one). */
export type PositionedEvent<E extends StreamEvent> = E & { readonly streamPosition: bigint };

/**
 * An aggregate as a pair of pure functions (Emmett's Decider): `evolve` folds the stream's events into
 * the state, from `initialState()`; `decide` answers a command on that state with the events to append,
 * or throws to refuse it. Events are facts, so `evolve` never throws on one it cannot apply; the
 * invariants live in `decide`. Events carry their (deterministic) id: `decide` derives it from the
 * command and the state only, so a decision repeated on the same state appends nothing new.
 */
export interface Decider<State, Command, Event extends StreamEvent> {
  decide(command: Command, state: State): NewEvent<Event>[];
  evolve(state: State, event: PositionedEvent<Event>): State;
  initialState(): State;
}

/** A stream folded: the state and the revision it is at (NO_STREAM before the first event). */
export interface FoldedStream<State> {
  readonly state: State;
  readonly version: bigint;
}

/** Reads the whole stream and folds it with `evolve`. */
export async function foldStream<State, Event extends StreamEvent>(
  eventStore: Pick<EventStore, 'readStream'>,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
): Promise<FoldedStream<State>> {
  const events = await eventStore.readStream<Event>(streamId);
  return {
    state: events.reduce((state, event) => decider.evolve(state, event), decider.initialState()),
    version: events.length ? events[events.length - 1].streamPosition : NO_STREAM,
  };
}

/** What a handled command did: the events it appended and the state they lead to. */
export interface HandledCommand<State, Event extends StreamEvent> {
  readonly events: NewEvent<Event>[];
  readonly state: State;
  /** The stream's revision after the append. */
  readonly version: bigint;
}

/**
 * The command side of an aggregate: reads and folds the stream, decides, and appends at the revision it
 * read. When the stream moved meanwhile it decides again on the new state, up to `retries` times, then
 * lets the WrongExpectedVersionError through. `decide`'s refusals are thrown as they are.
 */
export async function handleCommand<State, Command, Event extends StreamEvent>(
  eventStore: Pick<EventStore, 'readStream' | 'appendToStream'>,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: { retries?: number } = {},
): Promise<HandledCommand<State, Event>> {
  const retries = options.retries ?? 1;
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await foldStream(eventStore, streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, version };
    try {
      const { nextExpectedVersion } = await eventStore.appendToStream<Event>(streamId, events, {
        expectedVersion: version,
      });
      const after = events.reduce(
        (s, event, i) => decider.evolve(s, { ...event, streamPosition: version + 1n + BigInt(i) }),
        state,
      );
      return { events, state: after, version: nextExpectedVersion };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= retries) throw error;
    }
  }
}
