import {
  type EvmChainAdapter,
  type EvmLog,
  isTokenTransferLog,
  RetryableChainError,
} from '@chainwire/chains';
import { mapConcurrent } from '@chainwire/core';
import type { FetchedBlock } from './block-transfers';

/**
 * Where token Transfer logs come from. 'receipts' (default): the logs inside the receipts that are
 * read anyway for fees and status, so no byte is fetched twice. 'getLogs': eth_getLogs over the
 * whole range with adaptive spans (for nodes whose receipts omit logs, or to cross-check).
 */
export type TokenLogSource = 'receipts' | 'getLogs';

/**
 * Blocks [from, to] with receipts, traces and token transfer logs: blocks first (their hashes key the
 * rest), receipts and traces per block with bounded concurrency, logs per `logSource`.
 * Everything must describe one chain: blocks linked by parent hash, receipts and logs of these very
 * blocks; otherwise the chain moved while reading and a RetryableChainError says to read again.
 */
export async function fetchBlockRange(
  adapter: EvmChainAdapter,
  from: bigint,
  to: bigint,
  concurrency: number,
  logSource: TokenLogSource = 'receipts',
): Promise<FetchedBlock[]> {
  const numbers: bigint[] = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  const logsRead = logSource === 'getLogs' ? adapter.getTransferLogs(from, to) : Promise.resolve(null);
  logsRead.catch(() => undefined); // observed below; avoids an unhandled rejection if blocks fail first
  const blocks = await adapter.getBlocks(numbers);
  for (let i = 1; i < blocks.length; i++) {
    if (blocks[i].parentHash !== blocks[i - 1].hash) {
      throw new RetryableChainError(
        `block ${blocks[i].number} does not extend ${blocks[i - 1].hash}: chain moved`,
      );
    }
  }
  const withTransactions = blocks.filter((b) => b.transactions.length > 0);
  const [receipts, internal, rangeLogs] = await Promise.all([
    mapConcurrent(withTransactions, concurrency, (b) => adapter.getBlockReceipts(b)),
    mapConcurrent(withTransactions, concurrency, (b) => adapter.getInternalTransfers(b)),
    logsRead,
  ]);

  const byHash = new Map<string, FetchedBlock>();
  const fetched = blocks.map((block) => {
    const entry: FetchedBlock = { block, receipts: [], internal: [], logs: [] };
    byHash.set(block.hash, entry);
    return entry;
  });
  // getBlockReceipts answers every receipt of each block or throws: nothing to check here.
  withTransactions.forEach((block, i) => {
    const entry = byHash.get(block.hash)!;
    entry.receipts = receipts[i];
    entry.internal = internal[i];
  });
  const logs = rangeLogs ?? receipts.flat().flatMap((r) => r.logs.filter(isTokenTransferLog));
  for (const log of logs) {
    const entry = byHash.get(log.blockHash);
    if (!entry)
      throw new RetryableChainError(
        `log of unknown block ${log.blockHash} (#${log.blockNumber}): chain moved`,
      );
    entry.logs.push(log);
  }
  for (const entry of fetched) entry.logs.sort(byLogIndex);
  return fetched;
}

function byLogIndex(a: EvmLog, b: EvmLog): number {
  return a.logIndex - b.logIndex;
}
