import { CommandRefusedError } from '@chainwire/core';
import {
  type Decider,
  type EventStore,
  handleCommand,
  type HandledCommand,
  type StreamEvent,
  WrongExpectedVersionError,
} from '@chainwire/event-store';

/**
 * An API command on an aggregate: read, fold, decide, append at the revision read, deciding once more
 * if the stream moved meanwhile (handleCommand). A stream that moved again is refused (CONFLICT, 409 on the
 * wire): two writers raced twice, and the client may try again on what is now there.
 */
export async function executeCommand<State, Command, Event extends StreamEvent>(
  eventStore: Pick<EventStore, 'readStream' | 'appendToStream'>,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
): Promise<HandledCommand<State, Event>> {
  try {
    return await handleCommand(eventStore, streamId, decider, command, { retries: 1 });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      throw new CommandRefusedError('It changed while this request was being handled; try again');
    }
    throw error;
  }
}
