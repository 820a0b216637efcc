import { toErrorResponse } from '@chainwire/core';
import type { Decider, NewEvent, StreamEvent } from '../index';

/**
 * What a refusal must match: the HTTP status and envelope code the API answers it with, and its message
 * (any may be left out).
 */
export interface ExpectedRefusal {
  status?: number;
  code?: string;
  message?: string | RegExp;
}

/**
 * Given/when/then for a decider: given the stream's events, when a command, then the events it decides
 * (matched on what is given: type and data, and the id when given) or the refusal it throws; `state`
 * is the fold of the given events and, after `then`, of the decided ones too. Test use only.
 */
export function deciderSpec<State, Command, Event extends StreamEvent>(
  decider: Decider<State, Command, Event>,
) {
  const fold = (events: readonly (Event | NewEvent<Event>)[]): State =>
    events.reduce(
      (state, event, i) => decider.evolve(state, { ...event, streamPosition: BigInt(i) }),
      decider.initialState(),
    );
  return {
    given(...given: (Event | NewEvent<Event>)[]) {
      return {
        state: () => fold(given),
        when(command: Command) {
          const decide = () => decider.decide(command, fold(given));
          return {
            /** Asserts the decided events; returns the state they lead to. */
            then(...expected: (Event | NewEvent<Event>)[]): State {
              const decided = decide();
              expect(decided).toEqual(expected.map((e) => expect.objectContaining(e)));
              return fold([...given, ...decided]);
            },
            thenRefuses(refusal: ExpectedRefusal = {}): void {
              let thrown: unknown;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(Error);
              const answer = toErrorResponse(thrown);
              if (refusal.status !== undefined) expect(answer.status).toBe(refusal.status);
              if (refusal.code !== undefined) expect(answer.body.code).toBe(refusal.code);
              if (refusal.message !== undefined) expect((thrown as Error).message).toMatch(refusal.message);
            },
          };
        },
      };
    },
  };
}
