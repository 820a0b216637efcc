import { z } from 'zod';
import { isoTime, safeInteger } from '@chainwire/core';

export const signingSecretInfoSchema = z
  .object({
    version: safeInteger({ description: "The secret's version; a rotation makes a new one", example: 1 }),
    createdAt: isoTime(),
    rotatedAt: isoTime({ description: 'null until the first rotation' }).nullable(),
  })
  .meta({ id: 'SigningSecretInfo' });

export const issuedSecretSchema = z
  .object({
    secret: z.string().meta({
      description: '`whsec_` + base64 of 32 random bytes, the Standard Webhooks key; shown this once',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .meta({ id: 'IssuedSecret' });
