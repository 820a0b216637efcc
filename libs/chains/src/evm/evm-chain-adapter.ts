import {
  createPublicClient,
  http,
  webSocket,
  type Address,
  type Hash,
  type PublicClient,
  type Transport,
  type Hex,
  hexToBigInt,
  type WebSocketTransport,
} from 'viem';
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
import { mapConcurrent } from '@chainwire/core';
import { RetryableChainError } from './rpc-errors';

export interface EvmChainAdapterOptions {
  /** `http(s)://`, or `ws(s)://` to also follow new heads as the node announces them (`eth_subscribe`). */
  rpcUrl: string;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Requests in flight per bulk operation (blocks, receipts, traces). */
  concurrency?: number;
  /** JSON-RPC batch size for requests issued together; 0 disables batching. */
  batchSize?: number;
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

  constructor(private readonly options: EvmChainAdapterOptions) {
    this.client = createPublicClient({ transport: transportFor(options), cacheTime: 0 });
    this.concurrency = options.concurrency ?? 8;
    this.logRange = new BlockRangeSizer(options.logRange?.initial, options.logRange?.max);
  }

  /** True when the node pushes new heads (a WebSocket URL), so watchHeads needs no polling. */
  get pushesHeads(): boolean {
    return isWebSocketUrl(this.options.rpcUrl);
  }

  /**
   * Calls `onHead` with each new head number the node announces (`eth_subscribe` newHeads; the
   * transport reconnects and subscribes again after a drop). Returns the unsubscribe, which settles
   * once the node confirmed it or after a second: call it before close(), or its `eth_unsubscribe`
   * would open a new socket after the close. Only for WebSocket URLs: over HTTP the caller polls.
   */
  watchHeads(onHead: (head: bigint) => void, onError: (error: Error) => void): () => Promise<void> {
    if (!this.pushesHeads) throw new Error('watchHeads needs a ws(s):// RPC URL');
    const transport = this.client.transport as unknown as ReturnType<WebSocketTransport>['value'] & object;
    const subscription = transport.subscribe({
      params: ['newHeads'],
      onData: (data: { result?: { number?: Hex } }) => {
        if (data.result?.number) onHead(hexToBigInt(data.result.number));
      },
      onError: (error: Error) => onError(error),
    });
    subscription.catch((error: unknown) =>
      onError(error instanceof Error ? error : new Error(String(error))),
    );
    return async () => {
      const active = await subscription.catch(() => undefined);
      if (!active) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        active.unsubscribe().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, 1_000))),
      ]);
      clearTimeout(timer);
    };
  }

  /** Closes the WebSocket and stops its reconnecting; a later request opens a new one. Nothing to do over HTTP. */
  async close(): Promise<void> {
    if (!this.pushesHeads) return;
    const transport = this.client.transport as { getRpcClient?: () => Promise<{ close(): void }> };
    (await transport.getRpcClient?.())?.close();
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

  /** Transfer logs (ERC-20 and ERC-721) of every contract in the range, with an adaptive span. */
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

  getAccounts(): Promise<Address[]> {
    return getNodeAccounts(this.client);
  }
}

function isWebSocketUrl(url: string): boolean {
  return /^wss?:\/\//i.test(url);
}

let socketKeys = 0;

function transportFor(options: EvmChainAdapterOptions): Transport {
  const timeout = options.timeoutMs ?? 30_000;
  const retryCount = options.retryCount ?? 1;
  if (isWebSocketUrl(options.rpcUrl)) {
    return webSocket(options.rpcUrl, {
      timeout,
      retryCount,
      retryDelay: 200,
      keepAlive: true,
      // A node away for a while comes back: never stop trying (the indexer's requests fail, retryably,
      // meanwhile). close() ends the attempts.
      reconnect: { attempts: Number.MAX_SAFE_INTEGER, delay: 2_000 },
      // viem shares one socket per key and URL; an adapter's close() must not close another's.
      key: `chainwire-ws-${++socketKeys}`,
    });
  }
  const batchSize = options.batchSize ?? 20;
  return http(options.rpcUrl, {
    timeout,
    retryCount,
    retryDelay: 200,
    batch: batchSize > 0 ? { batchSize, wait: 0 } : false,
    maxResponseBodySize: options.maxResponseBodySize ?? 256 * 1024 * 1024,
  });
}
