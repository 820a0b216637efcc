import { NATIVE_CONTRACT, readSolidifiedState, TRC10_ID, type TronHttpClient } from '@chainwire/chains';
import type { ObservedBalances } from './observed-balances';

/**
 * A Tron address's balances of `assets` (stored form: 'native', TRC-10 ids, TRC-20 contracts in base58)
 * as of one solidified block (`readSolidifiedState`, docs/architecture.md §15). The balances projection
 * places it there, below its head when the indexer follows the head.
 */
export async function readTronObservation(
  client: TronHttpClient,
  owner: string,
  assets: readonly string[],
): Promise<ObservedBalances> {
  const trc20 = assets.filter((a) => a !== NATIVE_CONTRACT && !TRC10_ID.test(a));
  const { block, account, trc20: balances } = await readSolidifiedState(client, owner, trc20);
  const amounts = new Map<string, bigint>();
  for (const asset of assets) {
    if (asset === NATIVE_CONTRACT) amounts.set(asset, account.sun);
    else if (TRC10_ID.test(asset)) amounts.set(asset, account.trc10.get(asset) ?? 0n);
  }
  trc20.forEach((contract, i) => amounts.set(contract, balances[i]!));
  return { blockNumber: block.number, blockHash: block.hash, amounts };
}
