import { CommandRefusedError } from '@chainwire/core';
import type { Decider, NewEvent, PositionedEvent } from '@chainwire/event-store';
import { webhookId } from '../ids';
import { WebhookErrorCode } from '../webhook-errors';
import {
  SIGNING_SECRET_PROVISIONED,
  SIGNING_SECRET_ROTATED,
  type SigningSecretEvent,
} from './signing-secret.events';

/**
 * The signing-secret aggregate (`signingsecret-<apiKeyId>`) as a decider. The secret itself is a row
 * (docs/architecture.md §3): the row decides whether a key has one and numbers its versions; the stream
 * records, in order, each version the row took. So the commands carry the version the row now holds:
 *
 * | from        | command                   | event                     | refused when                      |
 * | ----------- | ------------------------- | ------------------------- | --------------------------------- |
 * | none        | ProvisionSigningSecret    | SigningSecretProvisioned  | one is recorded (409 EXISTS)      |
 * | any         | RotateSigningSecret v     | SigningSecretRotated v    | v is not past the last (CONFLICT) |
 *
 * A rotation overtaken by another (its version no longer the newest) is refused: the secret it made is
 * not the one deliveries are signed with.
 */
export interface SigningSecretState {
  /** The last version recorded; 0 before the first. */
  version: number;
}

export type SigningSecretCommand =
  | { type: 'ProvisionSigningSecret'; data: { apiKeyId: string; at: string } }
  | { type: 'RotateSigningSecret'; data: { apiKeyId: string; version: number; at: string } };

function evolve(state: SigningSecretState, event: PositionedEvent<SigningSecretEvent>): SigningSecretState {
  return { version: Math.max(state.version, event.data.version) };
}

function decide(command: SigningSecretCommand, state: SigningSecretState): NewEvent<SigningSecretEvent>[] {
  const { apiKeyId, at } = command.data;
  if (command.type === 'ProvisionSigningSecret') {
    if (state.version > 0) {
      throw new CommandRefusedError('This API key already has a signing secret; rotate it to get a new one', {
        code: WebhookErrorCode.SIGNING_SECRET_EXISTS,
      });
    }
    return [
      {
        id: webhookId('signing-secret', apiKeyId, 1),
        type: SIGNING_SECRET_PROVISIONED,
        data: { apiKeyId, version: 1, at },
      },
    ];
  }
  const { version } = command.data;
  if (version <= state.version) {
    throw new CommandRefusedError(
      `Signing secret version ${state.version} is already recorded after this one`,
    );
  }
  return [
    {
      id: webhookId('signing-secret', apiKeyId, version),
      type: SIGNING_SECRET_ROTATED,
      data: { apiKeyId, version, at },
    },
  ];
}

export const signingSecretDecider: Decider<SigningSecretState, SigningSecretCommand, SigningSecretEvent> = {
  decide,
  evolve,
  initialState: () => ({ version: 0 }),
};
