import { RetryableChainError } from '../evm/rpc-errors';
import { getNowBlock } from './get-now-block';
import { getSolidifiedAccount, type TronAccountHoldings } from './get-solidified-account';
import { readTrc20Balance } from './read-trc20-balance';
import type { TronBlock } from './tron-block';
import type { TronHttpClient } from './tron-http-client';

/** A block solidifies every few seconds; reads that straddle one are taken again, this many times at most. */
const ATTEMPTS = 3;

export interface TronSolidifiedState {
  /** The solidified block every answer below is the state at the end of. */
  readonly block: TronBlock;
  readonly account: TronAccountHoldings;
  /** `balanceOf(owner)` of each TRC-20 asked, in order. */
  readonly trc20: readonly bigint[];
}

/**
 * An account and its TRC-20 balances as of one solidified block (docs/architecture.md §15). java-tron's HTTP
 * API reads no state at a past block, so they are read from the solidified state between two reads of the
 * solidified head: the same head before and after means every answer is that block's. Base58 addresses.
 */
export async function readSolidifiedState(
  client: TronHttpClient,
  owner: string,
  trc20: readonly string[] = [],
): Promise<TronSolidifiedState> {
  for (let attempt = 1; ; attempt++) {
    const before = await getNowBlock(client, { solidified: true });
    const [account, ...balances] = await Promise.all([
      getSolidifiedAccount(client, owner),
      ...trc20.map((contract) => readTrc20Balance(client, contract, owner)),
    ]);
    const after = await getNowBlock(client, { solidified: true });
    if (after.hash === before.hash) return { block: before, account, trc20: balances as bigint[] };
    if (attempt >= ATTEMPTS) throw new RetryableChainError('the solidified block moved during every read');
  }
}
