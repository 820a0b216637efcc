import { z } from 'zod';
import { isoTime } from '@chainwire/core';
import { EVENT_KINDS } from './subscription.events';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, MAX_WEBHOOK_URL_LENGTH } from './subscription.schemas';

const SUBSCRIPTION_STATUSES = ['pending', 'active', 'failed', 'paused', 'deleted'] as const;

/** What clients see of a subscription (subscription.response.ts builds it). */
export const subscriptionViewSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    chain: z.string().meta({ example: 'ethereum' }),
    address: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    webhookUrl: z.string().meta({ example: 'https://example.com/hooks/transfers' }),
    eventKinds: z.array(z.enum(EVENT_KINDS)),
    status: z.enum(SUBSCRIPTION_STATUSES).meta({
      description:
        'pending until the chain indexer watches the address, then active; failed when this deployment does not ' +
        'index the chain; paused while deliveries are held; deleted',
    }),
    statusReason: z.string().nullable().meta({ description: 'Why it failed or is paused; else null' }),
    pausedUntil: isoTime({ description: 'While paused: when deliveries resume; else null' }).nullable(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
  })
  .meta({ id: 'Subscription' });

/** The body of POST /api/notifications/subscriptions, as subscription.schemas.ts checks it field by field. */
export const createSubscriptionBodySchema = z
  .object({
    chain: z
      .string()
      .meta({ description: 'Registry chain id (400 UNKNOWN_CHAIN otherwise)', example: 'ethereum' }),
    address: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    webhookUrl: z.string().meta({
      description: `Absolute http(s) URL without credentials, at most ${MAX_WEBHOOK_URL_LENGTH} characters (400 INVALID_WEBHOOK_URL otherwise)`,
      example: 'https://example.com/hooks/transfers',
    }),
    eventKinds: z
      .array(z.enum(EVENT_KINDS))
      .min(1)
      .meta({ description: 'Non-empty, no repeats (400 INVALID_EVENT_KINDS otherwise)' }),
  })
  .meta({ id: 'CreateSubscriptionBody' });

/** `limit` of the list endpoints, as subscription.schemas.ts checks it. */
export const listLimitQuerySchema = z.object({
  limit: z
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .optional()
    .meta({
      description: `1 to ${MAX_LIST_LIMIT}, default ${DEFAULT_LIST_LIMIT}; other values: 400 INVALID_LIMIT`,
    }),
});
