import type { TronHttpClient } from './tron-http-client';
import { type WireInt, wireBigInt } from './tron-wire';

const DAY_MS = 86_400_000;
/** Mainnet's getUnfreezeDelayDays since Stake 2.0: what a node without the parameter is taken to mean. */
export const DEFAULT_UNFREEZE_DELAY_DAYS = 14;

/**
 * How long TRX unfrozen by UnfreezeBalanceV2 waits before WithdrawExpireUnfreeze can take it back, in ms:
 * the `getUnfreezeDelayDays` chain parameter (`/wallet/getchainparameters`).
 */
export async function getUnfreezeDelayMs(client: TronHttpClient): Promise<number> {
  const answer = await client.post<{ chainParameter?: { key?: string; value?: WireInt }[] }>(
    '/wallet/getchainparameters',
    {},
    { exact: true },
  );
  const entry = answer.chainParameter?.find((p) => p.key === 'getUnfreezeDelayDays');
  const days = entry ? Number(wireBigInt(entry.value, 'getUnfreezeDelayDays')) : DEFAULT_UNFREEZE_DELAY_DAYS;
  return days * DAY_MS;
}
