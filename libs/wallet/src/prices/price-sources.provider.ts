import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { EvmChainAdapter } from '@chainwire/chains';
import { type Database, DATABASE, DEFAULT_PRICE_SETTINGS, type PriceSettings } from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { PriceService } from './price.service';
import { ChainlinkPriceSource } from './sources/chainlink-price-source';
import { HttpPriceSource } from './sources/http-price-source';
import type { PriceSource } from './sources/price-source';

/** What the prices feature is configured with (the server's settings; tests build their own). */
export interface PricesOptions {
  readonly settings?: PriceSettings;
  /** EVM chains with a node: feeds on these are read. */
  readonly chains?: readonly { readonly id: string; readonly rpcUrl?: string }[];
  /** The egress policy's switch for the HTTP provider (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  readonly allowPrivateTargets?: boolean;
}

export const PRICES_OPTIONS = Symbol('PricesOptions');

/**
 * Builds the sources in their order (Chainlink feeds, then the HTTP provider when PRICE_API_URL is set)
 * and the PriceService over them; owns the chain adapters it opened and closes them at shutdown.
 */
@Injectable()
export class PriceSources implements OnApplicationShutdown {
  readonly service: PriceService;
  private readonly adapters = new Map<string, EvmChainAdapter>();

  constructor(
    @Inject(PRICES_OPTIONS) options: PricesOptions,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) eventStore: EventStore,
  ) {
    const settings = options.settings ?? DEFAULT_PRICE_SETTINGS;
    const rpcUrls = new Map<string, string>();
    for (const chain of options.chains ?? []) if (chain.rpcUrl) rpcUrls.set(chain.id, chain.rpcUrl);
    // Opened on first use: a chain no feed is on costs no connection (a ws:// URL would hold a socket).
    const adapterFor = (chain: string) => {
      const rpcUrl = rpcUrls.get(chain);
      if (rpcUrl === undefined) return undefined;
      let adapter = this.adapters.get(chain);
      if (!adapter) {
        adapter = new EvmChainAdapter({ rpcUrl, timeoutMs: 10_000 });
        this.adapters.set(chain, adapter);
      }
      return adapter;
    };
    const sources: PriceSource[] = [
      new ChainlinkPriceSource({ feeds: settings.feeds, adapterFor, maxAgeMs: settings.feedMaxAgeMs }),
    ];
    if (settings.apiUrl) {
      sources.push(
        new HttpPriceSource({
          url: settings.apiUrl,
          apiKey: settings.apiKey,
          timeoutMs: settings.apiTimeoutMs,
          allowPrivateTargets: options.allowPrivateTargets ?? false,
        }),
      );
    }
    this.service = new PriceService({ db, eventStore, sources, ttlMs: settings.ttlMs });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.adapters.values()].map((a) => a.close()));
  }
}
