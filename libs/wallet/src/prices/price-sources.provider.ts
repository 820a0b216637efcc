import { Inject, Injectable } from '@nestjs/common';
import { ChainCapabilities, EvmReadClients } from '@chainwire/chains';
import { type Database, DATABASE, type PriceSettings } from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import type { Registry } from 'prom-client';
import { priceMetrics } from './price-metrics';
import { PriceService } from './price.service';
import { ChainlinkPriceSource } from './sources/chainlink-price-source';
import { HttpPriceSource } from './sources/http-price-source';
import type { PriceSource } from './sources/price-source';

/** What the prices feature is configured with (the server's settings; tests build their own). */
export interface PricesOptions {
  /** With the egress policy's switch for the HTTP provider (apiAllowPrivateTargets). */
  readonly settings: PriceSettings;
  /** The process's metrics registry, when it serves metrics. */
  readonly metrics?: Registry;
}

export const PRICES_OPTIONS = Symbol('PricesOptions');

/**
 * Builds the sources in their order (Chainlink feeds read with the wallet's read clients, then the HTTP
 * provider when PRICE_API_URL is set) and the PriceService over them. Registers the `prices`
 * capability: served on every chain once some source is (prices are per symbol, not per chain): the
 * HTTP provider, a feed on a chain with a node, or an ethereum node found to be chain id 1 (asked when
 * a price first needs one of the mainnet default feeds, so no node is called before a price is wanted).
 */
@Injectable()
export class PriceSources {
  readonly service: PriceService;

  constructor(
    @Inject(PRICES_OPTIONS) options: PricesOptions,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) eventStore: EventStore,
    clients: EvmReadClients,
    capabilities: ChainCapabilities,
  ) {
    const { settings } = options;
    let served =
      settings.apiUrl !== undefined || settings.feeds.some((f) => clients.chains.includes(f.chain));
    // Whether ethereum's node is mainnet: asked when a price first needs a default feed (again after a failure).
    let mainnet: Promise<boolean> | undefined;
    const isMainnet = (): Promise<boolean> => {
      const client = clients.client('ethereum');
      if (!client) return Promise.resolve(false);
      if (!mainnet) {
        mainnet = client.getChainId().then((id) => {
          if (id === 1) served = true;
          return id === 1;
        });
        mainnet.catch(() => (mainnet = undefined));
      }
      return mainnet;
    };
    const sources: PriceSource[] = [
      new ChainlinkPriceSource({
        feeds: settings.feeds,
        clientFor: (chain) => clients.client(chain),
        isMainnet,
        maxAgeMs: settings.feedMaxAgeMs,
      }),
    ];
    if (settings.apiUrl) {
      sources.push(
        new HttpPriceSource({
          url: settings.apiUrl,
          apiKey: settings.apiKey,
          timeoutMs: settings.apiTimeoutMs,
          allowPrivateTargets: settings.apiAllowPrivateTargets,
        }),
      );
    }
    this.service = new PriceService({
      db,
      eventStore,
      sources,
      ttlMs: settings.ttlMs,
      metrics: options.metrics && priceMetrics(options.metrics),
    });
    capabilities.register({ feature: 'prices', serves: () => served });
  }
}
