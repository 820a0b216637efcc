import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks secrets: `whsec_` + base64 of the HMAC key. */
export const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: inside the 24–64 bytes the service contract allows, and SHA-256's block-safe key size. */
export const SECRET_BYTES = 32;

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The HMAC key of a `whsec_` secret. */
export function signingKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A signing secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Standard Webhooks signature, made by the `standardwebhooks` library the receivers verify with: `v1,` +
 * base64 HMAC-SHA256 over `id.timestamp.body` with the decoded key. The body must be the exact bytes sent.
 */
export function signWebhook(key: Buffer, id: string, timestampSeconds: number, body: string): SignedHeaders {
  const seconds = Math.floor(timestampSeconds);
  const signature = new Webhook(key, { format: 'raw' }).sign(id, new Date(seconds * 1000), body);
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': signature };
}
