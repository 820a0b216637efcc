import { z } from 'zod';
import { isoTime, safeInteger } from '@chainwire/core';

const DELIVERY_STATUSES = ['pending', 'held', 'succeeded', 'abandoned', 'cancelled'] as const;

/** One event's delivery to a subscription, with every attempt in order (deliveries.projection.ts reads it). */
export const deliveryLogEntrySchema = z
  .object({
    eventId: z.string().meta({ format: 'uuid' }),
    status: z.enum(DELIVERY_STATUSES),
    statusReason: z.string().nullable(),
    attemptsMade: safeInteger(),
    nextAttemptAt: isoTime({ description: 'null once no attempt is due' }).nullable(),
    createdAt: isoTime(),
    attempts: z.array(
      z.object({
        attempt: safeInteger({ example: 1 }),
        attemptedAt: isoTime(),
        httpStatus: safeInteger({
          description: "The endpoint's HTTP status; null when none came",
        }).nullable(),
        error: z
          .string()
          .nullable()
          .meta({ description: 'Why the attempt failed without a status; else null' }),
        durationMs: safeInteger(),
      }),
    ),
  })
  .meta({ id: 'DeliveryLogEntry' });
