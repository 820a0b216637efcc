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
