import { ErrorCode } from '@chainwire/core';
import { webhookId } from '../ids';
import { deciderSpec } from '../testing/given-when-then';
import { WebhookErrorCode } from '../webhook-errors';
import { signingSecretDecider, type SigningSecretCommand } from './signing-secret.decider';
import {
  SIGNING_SECRET_PROVISIONED,
  SIGNING_SECRET_ROTATED,
  type SigningSecretEvent,
} from './signing-secret.events';

const KEY = 'key-1';
const AT = '2026-01-01T00:00:00.000Z';
const provisioned: SigningSecretEvent = {
  type: SIGNING_SECRET_PROVISIONED,
  data: { apiKeyId: KEY, version: 1, at: AT },
};
const rotated = (version: number): SigningSecretEvent => ({
  type: SIGNING_SECRET_ROTATED,
  data: { apiKeyId: KEY, version, at: AT },
});
const provision: SigningSecretCommand = { type: 'ProvisionSigningSecret', data: { apiKeyId: KEY, at: AT } };
const rotate = (version: number): SigningSecretCommand => ({
  type: 'RotateSigningSecret',
  data: { apiKeyId: KEY, version, at: AT },
});

const spec = deciderSpec(signingSecretDecider);

describe('signing-secret decider', () => {
  it('records the first secret as version 1', () => {
    const state = spec
      .given()
      .when(provision)
      .then({ id: webhookId('signing-secret', KEY, 1), ...provisioned });
    expect(state).toEqual({ version: 1 });
  });

  it('refuses a second provisioning: 409 SIGNING_SECRET_EXISTS', () => {
    spec
      .given(provisioned)
      .when(provision)
      .thenRefuses({ status: 409, code: WebhookErrorCode.SIGNING_SECRET_EXISTS });
  });

  it('records each rotation at the version the row took', () => {
    expect(spec.given(provisioned).when(rotate(2)).then(rotated(2))).toEqual({ version: 2 });
    spec
      .given(provisioned, rotated(2))
      .when(rotate(3))
      .then({ id: webhookId('signing-secret', KEY, 3), ...rotated(3) });
  });

  it('refuses a rotation overtaken by a later one: 409 CONFLICT', () => {
    spec
      .given(provisioned, rotated(2), rotated(3))
      .when(rotate(3))
      .thenRefuses({ status: 409, code: ErrorCode.CONFLICT });
    spec
      .given(provisioned, rotated(3))
      .when(rotate(2))
      .thenRefuses({ status: 409, code: ErrorCode.CONFLICT });
  });

  it('records a rotation whose row is ahead of the stream (a crash between row and append)', () => {
    spec.given().when(rotate(2)).then(rotated(2));
  });
});
