import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { TronHttpClient } from '@chainwire/chains';
import {
  HEALTH_REGISTRY,
  type HealthRegistry,
  LOGGER,
  logFunction,
  type Logger,
  type TronSettings,
} from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { EvmIndexer, TronIndexer } from '@chainwire/indexing';
import { ShutdownStack } from '../bootstrap/shutdown-stack';
import type { SharedModules } from './shared-modules';

/** A chain this process indexes, with the node it reads (the configured RPC URL or the dev chain's). */
export interface IndexedChain {
  readonly id: string;
  readonly rpcUrl: string;
  readonly startBlock?: bigint;
  readonly finalityDepth: number;
  /** `<CHAIN>_STAKE_HUB`: its logs are indexed as stake operations (docs/architecture.md §13). */
  readonly stakeHub?: `0x${string}`;
  /** Contracts whose transactions are recorded (the swap routers, docs/architecture.md §14). */
  readonly watchedContracts?: readonly string[];
  /** `<CHAIN>_RPC_BATCH_SIZE` and `<CHAIN>_RPC_CALLS_IN_FLIGHT`. */
  readonly rpcBatchSize: number;
  readonly rpcCallsInFlight: number;
}

const INDEXED_CHAINS = Symbol('IndexedChains');
const TRON_NODE = Symbol('TronNode');
/** EVENT_STORE_MAX_APPEND_BYTES for every indexer's appends. */
const MAX_APPEND_BYTES = Symbol('MaxAppendBytes');

/** Runs one indexer per chain with a node (docs/architecture.md §6) from boot to shutdown. */
@Injectable()
export class IndexerRole implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly running: ShutdownStack;

  constructor(
    @Inject(INDEXED_CHAINS) private readonly chains: readonly IndexedChain[],
    @Inject(TRON_NODE) private readonly tron: TronSettings | null,
    @Inject(MAX_APPEND_BYTES) private readonly maxAppendBytes: number,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(HEALTH_REGISTRY) private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.running = new ShutdownStack(logger);
  }

  onApplicationBootstrap(): void {
    for (const chain of this.chains) {
      const log = this.logger.child(`indexer/${chain.id}`);
      const indexer = new EvmIndexer({
        chain: chain.id,
        rpcUrl: chain.rpcUrl,
        eventStore: this.eventStore,
        startBlock: chain.startBlock,
        finalityDepth: chain.finalityDepth,
        stakeHub: chain.stakeHub,
        watchedContracts: chain.watchedContracts,
        concurrency: chain.rpcCallsInFlight,
        rpcBatchSize: chain.rpcBatchSize,
        maxAppendBytes: this.maxAppendBytes,
        log: logFunction(log),
        logError: logFunction(log, 'error'),
      });
      this.health.register(indexer);
      indexer.start();
      this.running.push(`indexer ${chain.id}`, () => indexer.stop());
    }
    if (this.tron) this.startTron(this.tron);
  }

  /** Tron (TRON_RPC_URL) beside the EVM chains: the same stream contract, another node API (§15). */
  private startTron(tron: TronSettings): void {
    const log = this.logger.child(`indexer/${tron.id}`);
    const indexer = new TronIndexer({
      chain: tron.id,
      client: new TronHttpClient({ url: tron.rpcUrl, apiKey: tron.apiKey }),
      eventStore: this.eventStore,
      startBlock: tron.startBlock,
      finalityDepth: tron.finalityDepth,
      maxAppendBytes: this.maxAppendBytes,
      log: logFunction(log),
      logError: logFunction(log, 'error'),
    });
    this.health.register(indexer);
    indexer.start();
    this.running.push(`indexer ${tron.id}`, () => indexer.stop());
  }

  onApplicationShutdown(): Promise<void> {
    return this.running.stop();
  }
}

@Module({})
export class IndexerRoleModule {
  static forRoot(
    shared: SharedModules,
    chains: readonly IndexedChain[],
    tron: TronSettings | undefined,
    maxAppendBytes: number,
  ): DynamicModule {
    return {
      module: IndexerRoleModule,
      imports: [shared.eventStore, shared.health, shared.logger],
      providers: [
        { provide: INDEXED_CHAINS, useValue: chains },
        { provide: TRON_NODE, useValue: tron ?? null },
        { provide: MAX_APPEND_BYTES, useValue: maxAppendBytes },
        IndexerRole,
      ],
    };
  }
}
