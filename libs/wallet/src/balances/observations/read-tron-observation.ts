import {
  getNowBlock,
  getSolidifiedAccount,
  NATIVE_CONTRACT,
  readTrc20Balance,
  RetryableChainError,
  TRC10_ID,
  type TronHttpClient,
} from '@chainwire/chains';
import type { ObservedBalances } from './observed-balances';

/** A block solidifies every few seconds; reads that straddle one are taken again, this many times at most. */
const ATTEMPTS = 3;

/**
 * A Tron address's balances of `assets` (stored form: 'native', TRC-10 ids, TRC-20 contracts in base58)
 * as of one solidified block. java-tron's HTTP API reads no state at a past block, so the account and the
 * `balanceOf` calls are read from the solidified state between two reads of the solidified head: the
 * same head before and after means every answer is that block's (docs/architecture.md §15). The
 * balances projection places it there, below its head when the indexer follows the head.
 */
export async function readTronObservation(
  client: TronHttpClient,
  owner: string,
  assets: readonly string[],
): Promise<ObservedBalances> {
  const trc20 = assets.filter((a) => a !== NATIVE_CONTRACT && !TRC10_ID.test(a));
  for (let attempt = 1; ; attempt++) {
    const before = await getNowBlock(client, { solidified: true });
    const [account, ...tokens] = await Promise.all([
      getSolidifiedAccount(client, owner),
      ...trc20.map((contract) => readTrc20Balance(client, contract, owner)),
    ]);
    const after = await getNowBlock(client, { solidified: true });
    if (after.hash !== before.hash) {
      if (attempt < ATTEMPTS) continue;
      throw new RetryableChainError('the solidified block moved during every read');
    }
    const amounts = new Map<string, bigint>();
    for (const asset of assets) {
      if (asset === NATIVE_CONTRACT) amounts.set(asset, account.sun);
      else if (TRC10_ID.test(asset)) amounts.set(asset, account.trc10.get(asset) ?? 0n);
    }
    trc20.forEach((contract, i) => amounts.set(contract, tokens[i]!));
    return { blockNumber: before.number, blockHash: before.hash, amounts };
  }
}
