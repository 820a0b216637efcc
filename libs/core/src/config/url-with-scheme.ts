import { z } from 'zod';

/** A URL whose scheme is one of `schemes` (without the colon); `error` is the message for anything else. */
export const urlWithScheme = (
  schemes: readonly string[],
  error = `must be a URL with scheme ${schemes.join(', ')}`,
) =>
  z
    .string()
    .trim()
    .refine(
      (s) => {
        try {
          return schemes.includes(new URL(s).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { error },
    );
