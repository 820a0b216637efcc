import { createPublicClient, type Address, type Hash, type PublicClient, type Transport } from 'viem';
import { BlockRangeSizer } from './block-range-sizer';
import type {
  EvmBlock,
  EvmBlockHeader,
  EvmLog,
  EvmReceipt,
  InternalValueTransfer,
  TraceMethod,
} from './evm-types';
import { getErc20Balance, getNativeBalance, getNodeAccounts } from './get-balances';
import { getBlockReceipts } from './get-block-receipts';
import { getBlockHeader, getBlockWithTransactions } from './get-blocks';
import { detectTraceMethod, getInternalTransfers } from './get-internal-transfers';
import { getTransferLogs } from './get-transfer-logs';
import { type PriceFeedRound, readPriceFeed } from './read-price-feed';
import { jsonRpcHttpTransport } from './json-rpc/json-rpc-http-transport';
import { mapConcurrent } from '@chainwire/core';
import { RetryableChainError } from './rpc-errors';
import { WebSocketConnection } from './web-socket-connection';

export interface EvmChainAdapterOptions {
  /** `http(s)://`, or `ws(s)://` to also follow new heads as the node announces them (`eth_subscribe`). */
  rpcUrl: string;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** JSON-RPC calls in flight per bulk operation (blocks, receipts, traces): `<CHAIN>_RPC_CALLS_IN_FLIGHT`. */
  concurrency: number;
  /** JSON-RPC batch size for requests issued together (`<CHAIN>_RPC_BATCH_SIZE`); 0 disables batching. */
  batchSize: number;
  /** Retries inside one request for transient HTTP/JSON-RPC failures (callers retry whole batches too). */
  retryCount?: number;
  /** Initial and largest eth_getLogs span. */
  logRange?: { initial?: bigint; max?: bigint };
  /** Largest HTTP response accepted (a block's receipts or a log range can be tens of MB). Default 256 MiB. */
  maxResponseBodySize?: number;
  /** Force a tracing method instead of probing the node. */
  traceMethod?: TraceMethod;
}

/** The EVM operations the indexer and the API need, over viem. Errors: see rpc-errors.ts. */
export class EvmChainAdapter {
  readonly client: PublicClient;
  private readonly concurrency: number;
  private readonly logRange: BlockRangeSizer;
  private traceMethod?: Promise<TraceMethod>;
  private readonly socket?: WebSocketConnection;

  constructor(private readonly options: EvmChainAdapterOptions) {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const retryCount = options.retryCount ?? 1;
    if (isWebSocketUrl(options.rpcUrl)) {
      this.socket = new WebSocketConnection(options.rpcUrl, { timeoutMs, retryCount });
    }
    this.client = createPublicClient({
      transport: this.socket?.transport ?? httpTransport(options, timeoutMs, retryCount),
      cacheTime: 0,
    });
    this.concurrency = options.concurrency;
    this.logRange = new BlockRangeSizer(options.logRange?.initial, options.logRange?.max);
  }

  /** True when the node pushes new heads (a WebSocket URL), so watchHeads needs no polling. */
  get pushesHeads(): boolean {
    return isWebSocketUrl(this.options.rpcUrl);
  }

  /**
   * Calls `onHead` with each new head number the node announces (`eth_subscribe` newHeads; the socket
   * reconnects and subscribes again after a drop). Returns the unsubscribe; call it before close().
   * Only for WebSocket URLs: over HTTP the caller polls.
   */
  watchHeads(onHead: (head: bigint) => void, onError: (error: Error) => void): () => Promise<void> {
    if (!this.socket) throw new Error('watchHeads needs a ws(s):// RPC URL');
    return this.socket.watchHeads(onHead, onError);
  }

  /** Closes the WebSocket, if any, and ends its reconnecting. Nothing to do over HTTP. */
  async close(): Promise<void> {
    await this.socket?.close();
  }

  getChainId(): Promise<number> {
    return this.client.getChainId();
  }

  getHeadNumber(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  getBlockHeader(number: bigint): Promise<EvmBlockHeader | null> {
    return getBlockHeader(this.client, number);
  }

  /** Blocks `numbers` with full transactions, in order; a missing one is a (retryable) chain change. */
  getBlocks(numbers: readonly bigint[]): Promise<EvmBlock[]> {
    return mapConcurrent(numbers, this.concurrency, async (number) => {
      const block = await getBlockWithTransactions(this.client, number);
      if (!block) throw new RetryableChainError(`block ${number} is not available`);
      return block;
    });
  }

  getBlockReceipts(block: { hash: Hash; transactions: readonly { hash: Hash }[] }): Promise<EvmReceipt[]> {
    return getBlockReceipts(this.client, block, { concurrency: this.concurrency });
  }

  /** Token transfer logs (ERC-20, ERC-721, ERC-1155) of every contract in the range, with an adaptive span. */
  getTransferLogs(fromBlock: bigint, toBlock: bigint): Promise<EvmLog[]> {
    return getTransferLogs(this.client, fromBlock, toBlock, this.logRange);
  }

  /** How this node exposes traces, probed once. */
  getTraceMethod(probeBlock = 0n): Promise<TraceMethod> {
    if (this.options.traceMethod) return Promise.resolve(this.options.traceMethod);
    this.traceMethod ??= detectTraceMethod(this.client, probeBlock).catch((error: unknown) => {
      this.traceMethod = undefined;
      throw error;
    });
    return this.traceMethod;
  }

  /** Value-carrying internal calls of the block; null when the node offers no tracing. */
  async getInternalTransfers(block: {
    number: bigint;
    hash: Hash;
    transactions: readonly { hash: Hash }[];
  }): Promise<InternalValueTransfer[] | null> {
    const method = await this.getTraceMethod(block.number);
    if (method === 'none') return null;
    return getInternalTransfers(this.client, method, block);
  }

  getNativeBalance(address: Address, blockNumber?: bigint): Promise<bigint> {
    return getNativeBalance(this.client, address, blockNumber);
  }

  getErc20Balance(token: Address, owner: Address, blockNumber?: bigint): Promise<bigint> {
    return getErc20Balance(this.client, token, owner, blockNumber);
  }

  /** The latest round of a Chainlink AggregatorV3 price feed. */
  readPriceFeed(feed: Address): Promise<PriceFeedRound> {
    return readPriceFeed(this.client, feed);
  }

  getAccounts(): Promise<Address[]> {
    return getNodeAccounts(this.client);
  }
}

function isWebSocketUrl(url: string): boolean {
  return /^wss?:\/\//i.test(url);
}

function httpTransport(options: EvmChainAdapterOptions, timeout: number, retryCount: number): Transport {
  return jsonRpcHttpTransport(options.rpcUrl, {
    timeout,
    retryCount,
    retryDelay: 200,
    batchSize: options.batchSize,
    maxResponseBodySize: options.maxResponseBodySize ?? 256 * 1024 * 1024,
  });
}
