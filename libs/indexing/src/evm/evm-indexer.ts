import { BaseError, type Address } from 'viem';
import { checksumAddress, EvmChainAdapter, RetryableChainError } from '@chainwire/chains';
import { type HealthReport, type HealthSource, redactUrlsIn } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { chainStream } from '@chainwire/chain-events';
import { IndexerLoop } from '../indexer-loop';
import { probedBlock } from '../probed-block';
import { appendWindowStep, windowStepLog } from '../window-block-events';
import { BlockBatchSizer, DEFAULT_MAX_BLOCKS_PER_BATCH } from './block-batch-sizer';
import { BackfillProgress } from '../window/backfill-progress';
import { blockTransfers, genesisTransfers, type FetchedBlock } from './block-transfers';
import { loadChainStreamState, type ChainStreamState, type WindowBlock } from '../window/chain-stream-state';
import { fetchBlockRange, type TokenLogSource } from './fetch-block-range';
import { ReorgTooDeepError, StartBlockBeyondHeadError } from '../window/indexer-errors';
import { blockStakeOperations } from './staking/block-stake-operations';
import { watchedContractSet, watchedTransactions } from './watched-transactions';

export interface EvmIndexerOptions {
  /** The chain's id in stream names and events, e.g. 'ethereum' (stream `chain-ethereum`). */
  chain: string;
  rpcUrl: string;
  eventStore: EventStore;
  /** First block to index on an empty stream; default 0 on anvil (chain id 31337), else the head. */
  startBlock?: bigint;
  /** Blocks kept revertible (`<CHAIN>_FINALITY_DEPTH`); a reorg of up to this many blocks is followed, a deeper one cannot be. */
  finalityDepth: number;
  /**
   * Most blocks read and appended per batch (one append); within it the batch follows the chain's density
   * (block-batch-sizer.ts). The next batch is read while one is appended. Default DEFAULT_MAX_BLOCKS_PER_BATCH (200).
   */
  maxBlocksPerBatch?: number;
  /**
   * Most serialised bytes per append (EVENT_STORE_MAX_APPEND_BYTES): a batch over it is appended in several,
   * cut between blocks (appendWindowStep).
   */
  maxAppendBytes: number;
  /** Wait between polls once caught up (also over a WebSocket, beside newHeads). Default 500 ms. */
  pollIntervalMs?: number;
  /** Token Transfer logs from the receipts (default) or from eth_getLogs over the batch's range. */
  tokenLogSource?: TokenLogSource;
  /** JSON-RPC calls in flight per kind (blocks, receipts, traces): `<CHAIN>_RPC_CALLS_IN_FLIGHT`. */
  concurrency: number;
  /** JSON-RPC calls per HTTP request of the adapter built for rpcUrl (`<CHAIN>_RPC_BATCH_SIZE`); 0: none. */
  rpcBatchSize: number;
  log?: (msg: string) => void;
  /**
   * Failures that need a person (a reorg deeper than finality, a misconfigured node, another indexer
   * on the stream): at most one line a minute per indexer. Default: `log`.
   */
  logError?: (msg: string) => void;
  /** How long behind its node the indexer may be before health() reports it. Default 60 s. */
  maxLagMs?: number;
  /** An adapter to share (tests, the API); default: one built for rpcUrl. */
  adapter?: EvmChainAdapter;
  /**
   * A BSC-StakeHub-compatible contract (`<CHAIN>_STAKE_HUB`): its Delegated / Undelegated / Claimed logs
   * are appended as StakeOperationObserved (docs/architecture.md §13). None: no stake operations.
   */
  stakeHub?: Address;
  /**
   * Contracts whose incoming transactions are recorded as TransactionObserved (the swap routers,
   * docs/architecture.md §14). None (the default): no such pass runs.
   */
  watchedContracts?: readonly string[];
}

const ANVIL_CHAIN_ID = 31337;

/**
 * Follows one EVM chain into the `chain-<chain>` stream: per batch of blocks one append, with the
 * stream version as expected version, of BlockIndexed + TransferObserved events, preceded after a
 * reorg by TransferReverted + BlockReverted for each orphaned block, newest first. All progress
 * lives in the stream, so a restart resumes exactly after the last appended block, and a second
 * indexer on the same stream fails with WrongExpectedVersionError instead of interleaving.
 *
 * The background loop never ends by itself (docs/architecture.md §6): every failure is retried with
 * backoff, and health() tells whether the indexer is failing or behind its node.
 */
export class EvmIndexer implements HealthSource {
  private readonly adapter: EvmChainAdapter;
  private readonly stream: string;
  private readonly finalityDepth: number;
  private readonly batchSizer: BlockBatchSizer;
  private readonly concurrency: number;
  private readonly log: (msg: string) => void;
  private readonly watched: ReadonlySet<string> | null;
  private state?: ChainStreamState;
  private next?: bigint;
  private readonly loop: IndexerLoop;
  private tracesWarned = false;
  private genesisWarned = false;
  private nodeHead?: bigint;
  private readonly progress: BackfillProgress;
  private readonly stakeHub?: Address;
  private unwatchHeads?: () => Promise<void>;
  /** The next range, read while the current one is appended. */
  private prefetched?: { from: bigint; to: bigint; blocks: Promise<FetchedBlock[]> };

  constructor(private readonly options: EvmIndexerOptions) {
    this.concurrency = options.concurrency;
    this.adapter =
      options.adapter ??
      new EvmChainAdapter({
        rpcUrl: options.rpcUrl,
        concurrency: this.concurrency,
        batchSize: options.rpcBatchSize,
      });
    this.stream = chainStream(options.chain);
    this.finalityDepth = options.finalityDepth;
    this.batchSizer = new BlockBatchSizer(
      Math.max(1, options.maxBlocksPerBatch ?? DEFAULT_MAX_BLOCKS_PER_BATCH),
      options.maxAppendBytes,
    );
    this.log = options.log ?? (() => undefined);
    this.loop = new IndexerLoop({
      chain: options.chain,
      round: () => this.syncOnce(),
      pollIntervalMs: options.pollIntervalMs ?? 500,
      maxLagMs: options.maxLagMs,
      log: this.log,
      logError: options.logError ?? this.log,
    });
    this.progress = new BackfillProgress(options.chain);
    // Receipt logs carry checksummed addresses: compared as they are, without a per-log conversion.
    this.stakeHub = options.stakeHub && checksumAddress(options.stakeHub);
    this.watched = watchedContractSet(options.watchedContracts);
  }

  /** The error of the last round while rounds keep failing; undefined once one succeeds. */
  get failure(): Error | undefined {
    return this.loop.failure;
  }

  /** Runs syncOnce in the background until stop(); every failure is retried with backoff (IndexerLoop). */
  start(): void {
    this.loop.start();
    this.followPushedHeads();
  }

  /**
   * Over a WebSocket the node announces each new head and the indexer reads it at once instead of at
   * the next poll (docs/architecture.md §6). Polling goes on beside it, so a subscription that dies
   * silently costs latency, never blocks.
   */
  private followPushedHeads(): void {
    if (!this.adapter.pushesHeads || this.unwatchHeads) return;
    this.unwatchHeads = this.adapter.watchHeads(
      () => this.loop.wake(),
      (error) =>
        this.log(`indexer ${this.options.chain}: new-heads subscription: ${redactUrlsIn(error.message)}`),
    );
  }

  /** Not ok while rounds fail, or while the indexer is behind its node for longer than maxLagMs. */
  health(): HealthReport {
    return this.loop.health(this.next === undefined ? undefined : this.next - 1n, this.nodeHead);
  }

  async stop(): Promise<void> {
    const unwatch = this.unwatchHeads;
    this.unwatchHeads = undefined;
    await unwatch?.();
    await this.loop.stop();
    // Only the adapter this indexer made is its to close; a given one belongs to the caller.
    if (!this.options.adapter) await this.adapter.close();
  }

  /** Indexes up to the node's current head (following it while it moves) and returns that head. */
  async syncOnce(): Promise<bigint> {
    try {
      if (!this.state) await this.load();
      let head = await this.adapter.getHeadNumber();
      this.nodeHead = head;
      while (!this.loop.stopping) {
        if (await this.step(head)) continue;
        const latest = await this.adapter.getHeadNumber();
        this.nodeHead = latest;
        if (latest === head) break;
        head = latest;
      }
      if (this.next !== undefined && this.next > head) this.loop.markCaughtUp();
      return head;
    } catch (error) {
      // Whether a failed append committed is unknown: the stream is the truth, so re-read it next time.
      this.state = undefined;
      this.prefetched = undefined;
      throw error;
    }
  }

  private async load(): Promise<void> {
    const state = await loadChainStreamState(this.options.eventStore, this.stream, this.windowSize);
    const tip = state.window[state.window.length - 1];
    if (tip) {
      this.next = tip.number + 1n;
    } else if (state.firstBlock !== undefined) {
      this.next = state.firstBlock; // every indexed block was reverted: start over where indexing began
    } else {
      const head = await this.adapter.getHeadNumber();
      const start =
        this.options.startBlock ?? ((await this.adapter.getChainId()) === ANVIL_CHAIN_ID ? 0n : head);
      if (start > head) throw new StartBlockBeyondHeadError(this.options.chain, start, head);
      this.next = start;
      state.firstBlock = start;
    }
    this.state = state;
    this.log(`indexer ${this.options.chain}: stream version ${state.version}, next block ${this.next}`);
  }

  /**
   * Blocks kept in the window: the finality depth, plus the newest final block as the anchor a reorg
   * of exactly the finality depth rewinds to.
   */
  private get windowSize(): number {
    return this.finalityDepth + 1;
  }

  /**
   * One batch: detect a reorg, read the next blocks, append. False when there was nothing to do.
   * Only a different hash at a height already indexed is a reorg, looked for at the tip or, when the
   * node's head is below it, at that head (probed-block.ts): a reorg to a shorter chain is followed at
   * once. A node without a block there, or with ours there below the tip, is a lagging replica (a
   * load balancer in front of several nodes): wait.
   */
  private async step(head: bigint): Promise<boolean> {
    const state = this.state!;
    let from = this.next!;
    let orphans: WindowBlock[] = [];
    let parent: WindowBlock | undefined = state.window[state.window.length - 1];
    if (parent) {
      const probe = probedBlock(state.window, head);
      if (!probe) return false;
      const canonical = await this.adapter.getBlockHeader(probe.number);
      if (!canonical) return false;
      if (canonical.hash !== probe.hash) {
        const ancestor = await this.findCommonAncestor(state, probe.number);
        orphans = state.window.filter((b) => b.number > (ancestor?.number ?? -1n));
        parent = ancestor;
        from = ancestor ? ancestor.number + 1n : state.firstBlock!;
      }
    }
    // The range read ahead, when it starts here, is this batch: its blocks are on their way.
    const ahead = orphans.length === 0 && this.prefetched?.from === from ? this.prefetched.to : undefined;
    const last = ahead ?? from + this.batchSizer.span() - 1n;
    const to = last < head ? last : head;
    if (to < from && orphans.length === 0) return false;

    const fetched = to >= from ? await this.fetch(from, to, orphans.length === 0) : [];
    if (fetched.length > 0 && parent && fetched[0].block.parentHash !== parent.hash) {
      throw new RetryableChainError(
        `block ${from} does not extend ${parent.hash}: chain moved while reading`,
      );
    }
    // Read the next range while this one is appended; step() verifies that it extends this one.
    if (to < head) {
      this.batchSizer.recordRange(fetched);
      const span = this.batchSizer.span();
      this.startPrefetch(to + 1n, to + span < head ? to + span : head);
    }

    const indexed: WindowBlock[] = [];
    for (const block of fetched) indexed.push(await this.windowBlock(block, state));
    const { transfers, bytes } = await appendWindowStep(
      this.options.eventStore,
      this.options.chain,
      state,
      { orphans, indexed },
      this.windowSize,
      this.options.maxAppendBytes,
    );
    this.batchSizer.recordBytes(fetched.length, bytes);
    this.next = to >= from ? to + 1n : from;
    const batch = { blocks: fetched.length, transfers, tip: this.next - 1n, head };
    for (const line of windowStepLog(this.options.chain, this.progress, batch, orphans)) this.log(line);
    return true;
  }

  private fetch(from: bigint, to: bigint, mayUsePrefetch: boolean): Promise<FetchedBlock[]> {
    const prefetched = this.prefetched;
    this.prefetched = undefined;
    if (mayUsePrefetch && prefetched && prefetched.from === from && prefetched.to === to) {
      // A failed read ahead is simply read again.
      return prefetched.blocks.catch(() => this.fetchRange(from, to));
    }
    return this.fetchRange(from, to);
  }

  private startPrefetch(from: bigint, to: bigint): void {
    const blocks = this.fetchRange(from, to);
    blocks.catch(() => undefined); // observed when consumed; a read ahead never consumed must not crash the process
    this.prefetched = { from, to, blocks };
  }

  private fetchRange(from: bigint, to: bigint): Promise<FetchedBlock[]> {
    return fetchBlockRange(this.adapter, from, to, this.concurrency, this.options.tokenLogSource);
  }

  /**
   * The newest window block up to `highest` still canonical on the node (the blocks above it are
   * orphans); undefined when every block of a complete window was replaced. A reorg reaching
   * below the window cannot be reverted and is an error. A height the node does not have (a
   * lagging replica answering) is a reason to try again later.
   */
  private async findCommonAncestor(
    state: ChainStreamState,
    highest: bigint,
  ): Promise<WindowBlock | undefined> {
    for (let i = state.window.length - 1; i >= 0; i--) {
      const block = state.window[i];
      if (block.number > highest) continue;
      const header = await this.adapter.getBlockHeader(block.number);
      if (!header) throw new RetryableChainError(`the node has no block ${block.number} (yet)`);
      if (header.hash === block.hash) return block;
    }
    if (state.complete) return undefined;
    throw new ReorgTooDeepError(this.options.chain, state.window[0]?.number ?? -1n, this.finalityDepth);
  }

  private async windowBlock(fetched: FetchedBlock, state: ChainStreamState): Promise<WindowBlock> {
    const { block } = fetched;
    if (fetched.internal === null && !this.tracesWarned && block.transactions.length > 0) {
      this.tracesWarned = true;
      this.log(
        `indexer ${this.options.chain}: the node offers no tracing; internal value transfers are not indexed`,
      );
    }
    const transfers = blockTransfers(this.options.chain, fetched);
    if (block.number === state.firstBlock && block.number === 0n) {
      transfers.unshift(...genesisTransfers(this.options.chain, block, await this.genesisBalances()));
    }
    return {
      number: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: block.timestamp,
      // A hash indexed again after a revert gets fresh ids, else the store would drop them as duplicates.
      incarnation: state.revertedHashes.has(block.hash) ? `#${state.version}:${block.number}` : '',
      transfers,
      // Without a hub nothing is looked at (the indexer benchmark's path is unchanged).
      stakeOperations: this.stakeHub
        ? await blockStakeOperations(this.adapter, this.options.chain, this.stakeHub, fetched)
        : [],
      ...(this.watched ? { watched: watchedTransactions(this.options.chain, fetched, this.watched) } : {}),
    };
  }

  /**
   * The node's own accounts (eth_accounts: a dev node's prefunded ones) with their balances at block 0.
   * Only a node that keeps state at block 0 can answer; a pruned node, or anvil loaded from a state
   * file, answers with an error: then genesis allocations are not recorded (warned once), and the
   * balances of those accounts count from what happens after genesis only.
   */
  private async genesisBalances(): Promise<{ address: Address; balance: bigint }[]> {
    try {
      const accounts = await this.adapter.getAccounts();
      return await Promise.all(
        accounts.map(async (address) => ({
          address,
          balance: await this.adapter.getNativeBalance(address, 0n),
        })),
      );
    } catch (error) {
      if (!isNodeRefusal(error)) throw error;
      if (!this.genesisWarned) {
        this.genesisWarned = true;
        this.log(
          `indexer ${this.options.chain}: the node cannot serve state at block 0 (${shortMessage(error)}); ` +
            'genesis allocations are not recorded',
        );
      }
      return [];
    }
  }
}

/** The node answered the request with a JSON-RPC error (as opposed to not answering at all). */
function isNodeRefusal(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => typeof (e as { code?: unknown }).code === 'number') !== null
  );
}

function shortMessage(error: unknown): string {
  return redactUrlsIn(
    error instanceof BaseError ? error.shortMessage : String((error as Error)?.message ?? error),
  );
}
