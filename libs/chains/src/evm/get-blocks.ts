import { hexToBigInt, hexToNumber, numberToHex, type Hash, type PublicClient, type RpcBlock } from 'viem';
import { checksumAddress } from './checksum-address';
import type { EvmBlock, EvmBlockHeader } from './evm-types';

/** The header at `number`, or null when the node has no such block (yet). */
export async function getBlockHeader(client: PublicClient, number: bigint): Promise<EvmBlockHeader | null> {
  const block = await client.request({
    method: 'eth_getBlockByNumber',
    params: [numberToHex(number), false],
  });
  return block ? toHeader(block) : null;
}

/** The block at `number` with full transactions, or null when the node has no such block (yet). */
export async function getBlockWithTransactions(
  client: PublicClient,
  number: bigint,
): Promise<EvmBlock | null> {
  const block = await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(number), true] });
  if (!block) return null;
  return {
    ...toHeader(block),
    transactions: (block.transactions as Exclude<RpcBlock<'latest', true>['transactions'], Hash[]>).map(
      (tx) => ({
        hash: tx.hash,
        index: hexToNumber(tx.transactionIndex ?? '0x0'),
        from: checksumAddress(tx.from),
        to: tx.to ? checksumAddress(tx.to) : null,
        value: hexToBigInt(tx.value),
        input: tx.input,
      }),
    ),
    withdrawals: (block.withdrawals ?? []).map((w) => ({
      index: hexToBigInt(w.index),
      address: checksumAddress(w.address),
      amountWei: hexToBigInt(w.amount) * 1_000_000_000n,
    })),
  };
}

function toHeader(block: RpcBlock): EvmBlockHeader {
  if (!block.hash || !block.number) throw new Error('pending block where a mined one was expected');
  return {
    number: hexToBigInt(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: hexToNumber(block.timestamp),
    miner: checksumAddress(block.miner),
    baseFeePerGas: block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : null,
  };
}
