import { hexToBigInt, hexToNumber, type Hash, type PublicClient, type RpcTransactionReceipt } from 'viem';
import { checksumAddress } from './checksum-address';
import { toLog } from './get-transfer-logs';
import { mapConcurrent } from '@chainwire/core';
import type { EvmReceipt } from './evm-types';
import { isMethodUnavailableError, RetryableChainError } from './rpc-errors';

/**
 * All receipts of a block, in transaction order, each of this very block (else a RetryableChainError): eth_getBlockReceipts by block hash (one call), or
 * one eth_getTransactionReceipt per transaction where the node lacks it (remembered per client).
 */
export async function getBlockReceipts(
  client: PublicClient,
  block: { hash: Hash; transactions: readonly { hash: Hash }[] },
  options: { concurrency?: number } = {},
): Promise<EvmReceipt[]> {
  if (block.transactions.length === 0) return [];
  if (!perTransactionClients.has(client)) {
    try {
      const receipts = (await client.request({
        method: 'eth_getBlockReceipts',
        params: [block.hash],
      } as never)) as RpcTransactionReceipt[] | null;
      // A hash the node no longer knows was reorganised away while the batch was read.
      if (!receipts) throw new RetryableChainError(`block ${block.hash} is no longer known`);
      // A node can serve a block before all its receipts are readable (anvil does, for moments after
      // mining), or answer for another block: asked again, never indexed as a block without its receipts.
      if (receipts.length !== block.transactions.length || receipts.some((r) => r.blockHash !== block.hash)) {
        throw new RetryableChainError(
          `block ${block.hash} has ${block.transactions.length} transactions but the node gave ${receipts.length} receipts of it`,
        );
      }
      return receipts.map(toReceipt);
    } catch (error) {
      if (!isMethodUnavailableError(error)) throw error;
      perTransactionClients.add(client);
    }
  }
  return mapConcurrent(block.transactions, options.concurrency ?? 8, async (tx) => {
    const receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [tx.hash] });
    if (!receipt || receipt.blockHash !== block.hash) {
      throw new RetryableChainError(`receipt of ${tx.hash} is not in block ${block.hash} any more`);
    }
    return toReceipt(receipt);
  });
}

const perTransactionClients = new WeakSet<PublicClient>();

function toReceipt(receipt: RpcTransactionReceipt): EvmReceipt {
  return {
    transactionHash: receipt.transactionHash,
    transactionIndex: hexToNumber(receipt.transactionIndex),
    blockHash: receipt.blockHash,
    from: checksumAddress(receipt.from),
    to: receipt.to ? checksumAddress(receipt.to) : null,
    contractAddress: receipt.contractAddress ? checksumAddress(receipt.contractAddress) : null,
    status: receipt.status === '0x1' ? 'success' : 'reverted',
    gasUsed: hexToBigInt(receipt.gasUsed),
    effectiveGasPrice: hexToBigInt(receipt.effectiveGasPrice),
    blobGasUsed: receipt.blobGasUsed ? hexToBigInt(receipt.blobGasUsed) : 0n,
    blobGasPrice: receipt.blobGasPrice ? hexToBigInt(receipt.blobGasPrice) : 0n,
    logs: receipt.logs.map(toLog),
  };
}
