import { v5 as uuidv5 } from 'uuid';

const NAMESPACE = '5b0c7f0e-3d8a-4c52-9a61-7e2f4b9d1c03';

/** Deterministic event and delivery ids: a command re-run after a crash appends nothing new. */
export function webhookId(...parts: readonly (string | number | bigint)[]): string {
  return uuidv5(parts.join('|'), NAMESPACE);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
