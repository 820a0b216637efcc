/** Every response except the few bare ones (docs/architecture.md §7). */
export interface Envelope<T = unknown> {
  ok: boolean;
  code: string;
  message: string;
  data: T;
}

export const OK_CODE = 'OK';
export const OK_MESSAGE = 'OK';

/** Returned by a handler that wants a message other than 'OK' in its envelope. */
export class Enveloped<T> {
  constructor(
    readonly data: T,
    readonly message: string = OK_MESSAGE,
  ) {}
}

export function okEnvelope<T>(data: T, message: string = OK_MESSAGE): Envelope<T> {
  return { ok: true, code: OK_CODE, message, data };
}

export function errorEnvelope(code: string, message: string, data: unknown = null): Envelope {
  return { ok: false, code, message, data };
}
