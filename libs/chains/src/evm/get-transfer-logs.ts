import {
  hexToBigInt,
  hexToNumber,
  numberToHex,
  toEventSelector,
  type Hex,
  type PublicClient,
  type RpcLog,
} from 'viem';
import { checksumAddress } from './checksum-address';
import { BlockRangeSizer } from './block-range-sizer';
import type { EvmLog } from './evm-types';
import { isRangeTooLargeError, suggestedRangeSpan } from './rpc-errors';

/** `Transfer(address,address,uint256)`: the same topic for ERC-20 (value in data) and ERC-721 (tokenId indexed). */
export const TRANSFER_TOPIC: Hex = toEventSelector('Transfer(address,address,uint256)');
/** ERC-1155 `TransferSingle(operator, from, to, id, value)`: operator, from, to indexed; id and value in data. */
export const TRANSFER_SINGLE_TOPIC: Hex = toEventSelector(
  'TransferSingle(address,address,address,uint256,uint256)',
);
/** ERC-1155 `TransferBatch(operator, from, to, ids, values)`: the two arrays ABI-encoded in data. */
export const TRANSFER_BATCH_TOPIC: Hex = toEventSelector(
  'TransferBatch(address,address,address,uint256[],uint256[])',
);
/** Every token transfer event the indexer reads: ERC-20 / ERC-721 Transfer and ERC-1155 single and batch. */
export const TOKEN_TRANSFER_TOPICS: readonly Hex[] = [
  TRANSFER_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_BATCH_TOPIC,
];
const TOKEN_TOPIC_SET: ReadonlySet<string> = new Set(TOKEN_TRANSFER_TOPICS);

/** True for a log of one of TOKEN_TRANSFER_TOPICS. */
export function isTokenTransferLog(log: { topics: readonly Hex[] }): boolean {
  const topic0 = log.topics[0];
  return topic0 !== undefined && TOKEN_TOPIC_SET.has(topic0);
}

/**
 * Every token transfer log (TOKEN_TRANSFER_TOPICS) in [fromBlock, toBlock], in chain order, fetched over as few eth_getLogs
 * calls as the node allows: the span shrinks on "too many results" / size errors and grows back.
 */
export async function getTransferLogs(
  client: PublicClient,
  fromBlock: bigint,
  toBlock: bigint,
  sizer: BlockRangeSizer = new BlockRangeSizer(),
): Promise<EvmLog[]> {
  const logs: EvmLog[] = [];
  let cursor = fromBlock;
  while (cursor <= toBlock) {
    const end = cursor + sizer.size - 1n < toBlock ? cursor + sizer.size - 1n : toBlock;
    let page: RpcLog[];
    try {
      page = await client.request({
        method: 'eth_getLogs',
        params: [
          { fromBlock: numberToHex(cursor), toBlock: numberToHex(end), topics: [[...TOKEN_TRANSFER_TOPICS]] },
        ],
      });
    } catch (error) {
      if (isRangeTooLargeError(error) && sizer.shrink(end - cursor + 1n, suggestedRangeSpan(error))) continue;
      throw error;
    }
    for (const log of page) {
      if (log.removed) continue;
      logs.push(toLog(log));
    }
    sizer.grow();
    cursor = end + 1n;
  }
  return logs;
}

export function toLog(log: RpcLog): EvmLog {
  if (log.blockHash === null || log.blockNumber === null || log.transactionHash === null) {
    throw new Error('pending log where a mined one was expected');
  }
  return {
    address: checksumAddress(log.address),
    topics: log.topics as Hex[],
    data: log.data,
    blockNumber: hexToBigInt(log.blockNumber),
    blockHash: log.blockHash,
    transactionHash: log.transactionHash,
    transactionIndex: hexToNumber(log.transactionIndex ?? '0x0'),
    logIndex: hexToNumber(log.logIndex ?? '0x0'),
  };
}
