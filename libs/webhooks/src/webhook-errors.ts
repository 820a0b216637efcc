/** Error codes of the notifications endpoints (stable, as every envelope code). */
export const WebhookErrorCode = {
  SIGNING_SECRET_EXISTS: 'SIGNING_SECRET_EXISTS',
  SIGNING_SECRET_NOT_FOUND: 'SIGNING_SECRET_NOT_FOUND',
  SUBSCRIPTION_EXISTS: 'SUBSCRIPTION_EXISTS',
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  INVALID_WEBHOOK_URL: 'INVALID_WEBHOOK_URL',
  INVALID_EVENT_KINDS: 'INVALID_EVENT_KINDS',
  INVALID_LIMIT: 'INVALID_LIMIT',
} as const;

export const WEBHOOK_EVENT_STORE = Symbol('WebhookEventStore');
export const WEBHOOKS_CONFIG = Symbol('WebhooksConfig');
