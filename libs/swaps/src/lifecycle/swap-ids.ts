import { v5 as uuidv5 } from 'uuid';

const NAMESPACE = '8e1c2f4a-6b3d-4d7e-9a5f-1c0b2e3d4f60';

/** Deterministic event ids (docs/architecture.md §3): a decision re-run after a crash appends nothing new. */
export function swapEventId(...parts: readonly (string | number | bigint)[]): string {
  return uuidv5(parts.join('|'), NAMESPACE);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isQuoteId = (value: string): boolean => UUID.test(value);
