import type { Address, Hex, PublicClient } from 'viem';
import { isStateUnavailableError, NATIVE_CONTRACT, readBalancesAtBlock } from '@chainwire/chains';
import type { IndexedHead, ObservedBalances } from './observed-balances';

/**
 * An EVM address's balances of `assets` (stored form) at the indexed head, in one batch of calls pinned
 * to its hash. A full node keeps state for its newest blocks only: when it no longer has the head's (the
 * indexer is backfilling far behind it), or nothing is indexed yet, they are read at the node's own
 * head instead, which the balances projection holds pending until the indexer gets there
 * (docs/architecture.md §5).
 */
export async function readEvmObservation(
  client: PublicClient,
  owner: Address,
  assets: readonly string[],
  head: IndexedHead | null,
): Promise<ObservedBalances> {
  const tokens = assets.filter((a) => a !== NATIVE_CONTRACT) as Address[];
  const native = tokens.length < assets.length;
  let at = head;
  if (at) {
    try {
      return observed(
        at,
        native,
        tokens,
        await readBalancesAtBlock(client, owner, tokens, at.hash as Hex, { native }),
      );
    } catch (error) {
      if (!isStateUnavailableError(error)) throw error;
    }
  }
  const latest = await client.getBlock({ blockTag: 'latest' });
  at = { number: latest.number, hash: latest.hash };
  return observed(
    at,
    native,
    tokens,
    await readBalancesAtBlock(client, owner, tokens, latest.hash, { native }),
  );
}

function observed(
  at: IndexedHead,
  native: boolean,
  tokens: readonly string[],
  read: { native: bigint | null; tokens: readonly bigint[] },
): ObservedBalances {
  const amounts = new Map<string, bigint>();
  if (native) amounts.set(NATIVE_CONTRACT, read.native!);
  tokens.forEach((token, i) => amounts.set(token, read.tokens[i]!));
  return { blockNumber: at.number, blockHash: at.hash, amounts };
}
