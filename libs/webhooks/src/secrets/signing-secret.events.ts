import { eventGuard, type StreamEvent } from '@chainwire/event-store';

/** Events of the `signingsecret-<apiKeyId>` stream: that a secret exists or changed, never the secret itself. */
export const SIGNING_SECRET_PROVISIONED = 'SigningSecretProvisioned';
export const SIGNING_SECRET_ROTATED = 'SigningSecretRotated';

export const signingSecretStream = (apiKeyId: string): string => `signingsecret-${apiKeyId}`;

export interface SigningSecretEventData {
  apiKeyId: string;
  /** 1 when provisioned, +1 per rotation. */
  version: number;
  /** ISO 8601. */
  at: string;
}

/** The `signingsecret-<apiKeyId>` stream's events, as a discriminated union on `type`. */
export type SigningSecretEvent =
  | StreamEvent<typeof SIGNING_SECRET_PROVISIONED, SigningSecretEventData>
  | StreamEvent<typeof SIGNING_SECRET_ROTATED, SigningSecretEventData>;

export const isSigningSecretEvent = eventGuard<SigningSecretEvent>(
  SIGNING_SECRET_PROVISIONED,
  SIGNING_SECRET_ROTATED,
);
