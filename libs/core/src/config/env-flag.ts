import { z } from 'zod';

/** A boolean environment variable: true/false or 1/0, any case. */
export const envFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }))
  .transform((v) => v === 'true' || v === '1');
