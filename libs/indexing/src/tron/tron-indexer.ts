import {
  getBlockByNum,
  getBlocksByLimitNext,
  getNowBlock,
  getTransactionInfosByBlockNum,
  getUnfreezeDelayMs,
  TRON_BLOCKS_PER_CALL,
  type TronBlock,
  TronHttpClient,
} from '@chainwire/chains';
import { type HealthReport, type HealthSource, mapConcurrent, RetryableError } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { chainStream } from '@chainwire/chain-events';
import { BackfillProgress } from '../window/backfill-progress';
import { IndexerLoop } from '../indexer-loop';
import { probedBlock } from '../probed-block';
import { appendWindowStep, windowStepLog } from '../window-block-events';
import { loadChainStreamState, type ChainStreamState, type WindowBlock } from '../window/chain-stream-state';
import { ReorgTooDeepError, StartBlockBeyondHeadError } from '../window/indexer-errors';
import { type FetchedTronBlock, tronBlockTransfers } from './tron-block-transfers';
import { tronStakeOperations } from './tron-stake-operations';

export interface TronIndexerOptions {
  /** The chain's id in stream names and events: 'tron' (stream `chain-tron`). */
  chain: string;
  /** The java-tron HTTP API (TRON_RPC_URL, TRON_API_KEY). */
  client: TronHttpClient;
  eventStore: EventStore;
  /** First block to index on an empty stream; default the head the indexer follows. */
  startBlock?: bigint;
  /**
   * Blocks kept revertible while the node's head is followed (TRON_FINALITY_DEPTH, at least the ~19 blocks
   * above the solidified one): a reorg of up to this many blocks is reverted, a deeper one cannot be.
   * 'solidified': only solidified blocks (`/walletsolidity/getnowblock`, about 19 behind the head) are
   * indexed, which never reorg.
   */
  finalityDepth: number | 'solidified';
  /**
   * Blocks per read and append, at most 100 (java-tron's limit for one getblockbylimitnext). Default 20:
   * a mainnet block holds hundreds of transactions, and 100 of them make an answer of tens of megabytes.
   */
  maxBlocksPerBatch?: number;
  /**
   * Most serialised bytes per append (EVENT_STORE_MAX_APPEND_BYTES): a batch over it is appended in several,
   * cut between blocks (appendWindowStep).
   */
  maxAppendBytes: number;
  /** Wait between polls once caught up; Tron makes a block every 3 s. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Concurrent gettransactioninfobyblocknum calls. Default 4. */
  concurrency?: number;
  /** Unfreeze delay for StakeOperationObserved unlock times; default: the chain's getUnfreezeDelayDays. */
  unfreezeDelayMs?: number;
  log?: (msg: string) => void;
  logError?: (msg: string) => void;
  /** How long behind its node the indexer may be before health() reports it. Default 60 s. */
  maxLagMs?: number;
}

/** Blocks kept revertible in solidified mode: a solidified block never reorgs, so this is only a margin. */
const SOLIDIFIED_WINDOW = 20;
const DEFAULT_BLOCKS_PER_BATCH = 20;

/**
 * Follows a Tron chain into `chain-<chain>` exactly as the EVM indexer follows an EVM chain
 * (docs/architecture.md §6, §15): per batch of blocks one append of BlockIndexed + TransferObserved,
 * preceded after a reorg by TransferReverted + BlockReverted per orphaned block, newest first; the
 * stream version is the expected version, so all progress lives in the stream. Blocks come from
 * getblockbylimitnext (20 a call by default, never over java-tron's 100), fees and TRC-20 logs from gettransactioninfobyblocknum.
 */
export class TronIndexer implements HealthSource {
  private readonly stream: string;
  private readonly solidified: boolean;
  private readonly windowSize: number;
  private readonly batchSize: bigint;
  private readonly log: (msg: string) => void;
  private state?: ChainStreamState;
  private next?: bigint;
  private readonly loop: IndexerLoop;
  private nodeHead?: bigint;
  private unfreezeDelayMs?: number;
  private readonly progress: BackfillProgress;

  constructor(private readonly options: TronIndexerOptions) {
    this.stream = chainStream(options.chain);
    const depth = options.finalityDepth;
    this.solidified = depth === 'solidified';
    this.windowSize = depth === 'solidified' ? SOLIDIFIED_WINDOW : depth + 1;
    const batch = Math.min(
      TRON_BLOCKS_PER_CALL,
      Math.max(1, options.maxBlocksPerBatch ?? DEFAULT_BLOCKS_PER_BATCH),
    );
    this.batchSize = BigInt(batch);
    this.log = options.log ?? (() => undefined);
    this.loop = new IndexerLoop({
      chain: options.chain,
      round: () => this.syncOnce(),
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxLagMs: options.maxLagMs,
      log: this.log,
      logError: options.logError ?? this.log,
    });
    this.progress = new BackfillProgress(options.chain);
  }

  /** The error of the last round while rounds keep failing; undefined once one succeeds. */
  get failure(): Error | undefined {
    return this.loop.failure;
  }

  /** Runs syncOnce in the background until stop(); every failure is retried with backoff (IndexerLoop). */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Not ok while rounds fail, or while the indexer is behind its node for longer than maxLagMs. */
  health(): HealthReport {
    return this.loop.health(this.next === undefined ? undefined : this.next - 1n, this.nodeHead);
  }

  /** Indexes up to the followed head (the node's, or in solidified mode the solidified one) and returns it. */
  async syncOnce(): Promise<bigint> {
    try {
      if (!this.state) await this.load();
      let head = await this.followedHead();
      while (!this.loop.stopping) {
        if (await this.step(head)) continue;
        const latest = await this.followedHead();
        if (latest === head) break;
        head = latest;
      }
      if (this.next !== undefined && this.next > head) this.loop.markCaughtUp();
      return head;
    } catch (error) {
      this.state = undefined; // whether a failed append committed is unknown: re-read the stream
      throw error;
    }
  }

  private async followedHead(): Promise<bigint> {
    const block = await getNowBlock(this.options.client, { solidified: this.solidified });
    this.nodeHead = block.number;
    return block.number;
  }

  private async load(): Promise<void> {
    this.unfreezeDelayMs ??= this.options.unfreezeDelayMs ?? (await getUnfreezeDelayMs(this.options.client));
    const state = await loadChainStreamState(this.options.eventStore, this.stream, this.windowSize);
    const tip = state.window[state.window.length - 1];
    if (tip) {
      this.next = tip.number + 1n;
    } else if (state.firstBlock !== undefined) {
      this.next = state.firstBlock;
    } else {
      const head = await this.followedHead();
      const start = this.options.startBlock ?? head;
      if (start > head) throw new StartBlockBeyondHeadError(this.options.chain, start, head);
      this.next = start;
      state.firstBlock = start;
    }
    this.state = state;
    this.log(`indexer ${this.options.chain}: stream version ${state.version}, next block ${this.next}`);
  }

  /**
   * One batch: detect a reorg, read the next blocks and their infos, append. False when there was
   * nothing to do. Only a different hash at an indexed height is a reorg, looked for at the tip or,
   * when the followed head is below it, at that head (probed-block.ts): a reorg to a shorter chain is
   * followed at once. A node without a block there, or with ours there below the tip, lags: wait.
   */
  private async step(head: bigint): Promise<boolean> {
    const state = this.state!;
    let from = this.next!;
    let orphans: WindowBlock[] = [];
    let parent: WindowBlock | undefined = state.window[state.window.length - 1];
    if (parent) {
      const probe = probedBlock(state.window, head);
      if (!probe) return false;
      const canonical = await getBlockByNum(this.options.client, probe.number);
      if (!canonical) return false;
      if (canonical.hash !== probe.hash) {
        const ancestor = await this.findCommonAncestor(state, probe.number);
        orphans = state.window.filter((b) => b.number > (ancestor?.number ?? -1n));
        parent = ancestor;
        from = ancestor ? ancestor.number + 1n : state.firstBlock!;
      }
    }
    const last = from + this.batchSize - 1n;
    const to = last < head ? last : head;
    if (to < from && orphans.length === 0) return false;

    const fetched = to >= from ? await this.fetch(from, to, parent) : [];
    if (fetched.length === 0 && orphans.length === 0) return false;

    const indexed: WindowBlock[] = [];
    for (const block of fetched) indexed.push(this.windowBlock(block, state));
    const { transfers } = await appendWindowStep(
      this.options.eventStore,
      this.options.chain,
      state,
      { orphans, indexed },
      this.windowSize,
      this.options.maxAppendBytes,
    );
    this.next = fetched.length > 0 ? fetched[fetched.length - 1].block.number + 1n : from;
    const batch = { blocks: fetched.length, transfers, tip: this.next - 1n, head };
    for (const line of windowStepLog(this.options.chain, this.progress, batch, orphans)) this.log(line);
    return true;
  }

  /**
   * Blocks from…to that the node has (a prefix when it has not got that far), each extending the one
   * before, with their transaction infos. A range that does not extend the indexed tip means the chain
   * moved while it was read: retried.
   */
  private async fetch(
    from: bigint,
    to: bigint,
    parent: WindowBlock | undefined,
  ): Promise<FetchedTronBlock[]> {
    const blocks = await getBlocksByLimitNext(this.options.client, from, to);
    const chained: TronBlock[] = [];
    let expected = from;
    let parentHash = parent?.hash;
    for (const block of blocks) {
      if (block.number !== expected) break;
      if (parentHash !== undefined && block.parentHash !== parentHash) {
        throw new RetryableError(
          `block ${block.number} does not extend ${parentHash}: chain moved while reading`,
        );
      }
      chained.push(block);
      parentHash = block.hash;
      expected++;
    }
    return mapConcurrent(chained, this.options.concurrency ?? 4, async (block) => {
      if (block.transactions.length === 0) return { block, infos: [] };
      const infos = await getTransactionInfosByBlockNum(this.options.client, block.number);
      if (infos.length < block.transactions.length) {
        throw new RetryableError(
          `block ${block.number}: ${infos.length} transaction infos for ${block.transactions.length} transactions`,
        );
      }
      return { block, infos };
    });
  }

  /** As the EVM indexer's: the newest window block up to `highest` the node still has. */
  private async findCommonAncestor(
    state: ChainStreamState,
    highest: bigint,
  ): Promise<WindowBlock | undefined> {
    for (let i = state.window.length - 1; i >= 0; i--) {
      const block = state.window[i];
      if (block.number > highest) continue;
      const header = await getBlockByNum(this.options.client, block.number);
      if (!header) throw new RetryableError(`the node has no block ${block.number} (yet)`);
      if (header.hash === block.hash) return block;
    }
    if (state.complete) return undefined;
    throw new ReorgTooDeepError(this.options.chain, state.window[0]?.number ?? -1n, this.windowSize - 1);
  }

  private windowBlock(fetched: FetchedTronBlock, state: ChainStreamState): WindowBlock {
    const { block } = fetched;
    return {
      number: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: Math.floor(block.timestamp / 1000),
      incarnation: state.revertedHashes.has(block.hash) ? `#${state.version}:${block.number}` : '',
      transfers: tronBlockTransfers(this.options.chain, fetched),
      // Kept in the window with the transfers (the shared stream-state loader reads them back after a
      // restart), so a reorg reverts them too.
      stakeOperations: tronStakeOperations(this.options.chain, fetched, this.unfreezeDelayMs!),
    };
  }
}
