import { CommandRefusedError, ErrorCode, toErrorResponse } from '@chainwire/core';
import { type EventStore, NO_STREAM, WrongExpectedVersionError } from '@chainwire/event-store';
import { subscriptionDecider } from '../subscriptions/subscription.decider';
import { executeCommand } from './execute-command';

describe('executeCommand', () => {
  it('answers 409 CONFLICT when the stream moves under it twice', async () => {
    let appends = 0;
    const store: Pick<EventStore, 'readStream' | 'appendToStream'> = {
      readStream: async () => [],
      appendToStream: async (streamId) => {
        appends += 1;
        throw new WrongExpectedVersionError(streamId, NO_STREAM, 0n);
      },
    };
    const command = {
      type: 'RequestSubscription' as const,
      data: {
        subscriptionId: 's-1',
        apiKeyId: 'k',
        chain: 'ethereum',
        address: '0x01',
        webhookOrigin: 'https://example.com',
        eventKinds: ['INCOMING_NATIVE' as const],
        at: '2026-01-01T00:00:00.000Z',
      },
    };
    const error = await executeCommand(store, 'subscription-s-1', subscriptionDecider, command).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommandRefusedError);
    expect(toErrorResponse(error)).toMatchObject({ status: 409, body: { code: ErrorCode.CONFLICT } });
    expect(appends).toBe(2);
  });
});
