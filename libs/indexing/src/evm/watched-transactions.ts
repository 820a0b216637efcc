import { getAddress, keccak256 } from 'viem';
import type { TransactionObservedData } from '@chainwire/chain-events';
import type { FetchedBlock } from './block-transfers';

/**
 * The contracts an indexer watches (docs/architecture.md §14), as the EIP-55 form the block reader
 * gives `to` in, so a transaction is checked with one Set lookup and no string work. Null when none
 * is configured: the indexer then skips the pass entirely (the hot path stays as it was).
 */
export function watchedContractSet(addresses: readonly string[] | undefined): ReadonlySet<string> | null {
  if (!addresses?.length) return null;
  return new Set(addresses.map((a) => getAddress(a)));
}

/**
 * The block's transactions sent to a watched contract, successful or reverted, in transaction order.
 * Only these have their calldata hashed.
 */
export function watchedTransactions(
  chain: string,
  fetched: FetchedBlock,
  watched: ReadonlySet<string>,
): TransactionObservedData[] {
  const { block, receipts } = fetched;
  let found: TransactionObservedData[] | undefined;
  for (const tx of block.transactions) {
    if (tx.to === null || !watched.has(tx.to)) continue;
    const receipt = receipts.find((r) => r.transactionHash === tx.hash);
    if (!receipt) throw new Error(`no receipt for ${tx.hash} in block ${block.hash}`);
    (found ??= []).push({
      chain,
      blockNumber: block.number.toString(),
      blockHash: block.hash,
      timestamp: block.timestamp,
      txHash: tx.hash,
      from: tx.from,
      to: tx.to,
      inputHash: keccak256(tx.input ?? '0x'),
      status: receipt.status,
    });
  }
  return found ?? [];
}
