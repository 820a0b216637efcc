import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Address, getAddress, type Hex, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Plan } from '@chainwire/auth';
import {
  DEFAULT_DEMO_TOKENS,
  deployDemoTokens,
  deployDevPriceFeeds,
  deployUniswapV2,
  type DemoToken,
  type DevUniswapV2,
} from '@chainwire/chains';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';
import { type Database, DEFAULT_PRICE_SETTINGS } from '@chainwire/core';
import type { PostgresEventStore } from '@chainwire/event-store';
import { EvmIndexer } from '@chainwire/indexing';
import { ConsumerRunner, type Consumer } from '@chainwire/consumers';
import { WalletModule } from '@chainwire/wallet';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { startFeatureTestApp } from '@test/support/feature-test-app';
import type { OpenApiContractCheck } from '@test/support/openapi-contract';
import { swapsProjection } from '../read-model/swaps.projection';
import { SwapsModule } from '../swaps.module';
import { createSwapTracker } from '../tracking/swap-tracker';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '@chainwire/indexing/testing';

export interface SwapsResponse {
  status: number;
  /** Parsed losslessly: integer literals are bigints. */
  json: {
    ok: boolean;
    code: string;
    message: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are read field by field
    data: any;
  };
}

/** What a route answer's `tx` holds, parsed losslessly. */
export interface RouteTx {
  chainId: bigint;
  nonce: bigint;
  to: Address;
  from: Address;
  data: Hex;
  valueWei: bigint;
  gasLimit: bigint;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  gasPrice: bigint | null;
  approvalRequired: boolean;
  approvalSpender: Address | null;
  approvalToken: Address | null;
  approvalAmount: bigint | null;
}

export interface SwapsTestBed {
  anvil: TestAnvil;
  db: Database;
  eventStore: PostgresEventStore;
  app: NestFastifyApplication;
  uniswap: DevUniswapV2;
  usdc: DemoToken;
  usdt: DemoToken;
  dai: DemoToken;
  keys: Record<Plan, string>;
  /** Moves the API's and the timer's clock (expiry). */
  skewMs: number;
  now(): Date;
  get(url: string, key?: string): Promise<SwapsResponse>;
  post(url: string, body: unknown, key?: string): Promise<SwapsResponse>;
  /** Signs a route's tx as a wallet would (EIP-1559 or legacy as given) and sends it; the hash. */
  send(tx: RouteTx, privateKey: Hex): Promise<Hex>;
  /** The signed transaction `send` sends. */
  sign(tx: RouteTx, privateKey: Hex): Promise<Hex>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

export const QUOTE_TTL_MS = 60_000;

/**
 * anvil with Uniswap V2 from the npm builds (WETH9, factory, router; a WETH/dUSDC pool of 100 ETH and
 * 300,000 dUSDC) and an ETH/USD feed; a fresh database with the swap routes behind the real key and plan checks; the
 * indexer watching the router; the swaps projection and the swap tracker running.
 */
export async function startSwapsTestBed(): Promise<SwapsTestBed> {
  const anvil = await startTestAnvil();
  const [usdt, usdc, dai] = (
    await deployDemoTokens(anvil.rpcUrl, anvil.chain.id, anvil.accounts, [
      ...DEFAULT_DEMO_TOKENS,
      { name: 'Demo Dai', symbol: 'dDAI', decimals: 18 },
    ])
  ).map((t) => ({ ...t, address: getAddress(t.address) }));
  // dUSDC and dDAI each against WETH (dUSDC → dDAI goes through WETH); dUSDT has no pool.
  const uniswap = (await deployUniswapV2(anvil.rpcUrl, anvil.chain.id, anvil.accounts[0], [
    { token: usdc.address, tokenAmount: parseUnits('300000', 6), wei: parseUnits('100', 18) },
    { token: dai.address, tokenAmount: parseUnits('150000', 18), wei: parseUnits('50', 18) },
  ]))!;
  const feeds = await deployDevPriceFeeds(anvil.rpcUrl, anvil.chain.id, anvil.accounts);
  const ethUsd = feeds.find((f) => f.pair === 'ETH/USD')!;

  const chains = [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, ...CHAIN_NODE_SETTINGS_FOR_CODE }];
  const bed = { skewMs: 0 } as SwapsTestBed;
  const now = () => new Date(Date.now() + bed.skewMs);
  // Set once the indexer and the consumers run; they stop after the app and before the stores close.
  let stopConsumers: () => Promise<void> = () => Promise.resolve();

  const t = await startFeatureTestApp({
    title: 'swaps test',
    modules: ({ database, chainDirectory, capabilities, eventStoreModule }) => {
      const wallet = WalletModule.forRoot(
        { database, chainDirectory, capabilities, eventStore: eventStoreModule },
        {
          chains,
          prices: {
            settings: {
              ...DEFAULT_PRICE_SETTINGS,
              feeds: [
                {
                  symbol: 'ETH',
                  base: 'USD',
                  chain: 'ethereum',
                  address: ethUsd.address.toLowerCase() as Hex,
                },
              ],
            },
          },
        },
      );
      return [
        wallet,
        SwapsModule.forRoot(
          { database, chainDirectory, capabilities, eventStore: eventStoreModule, wallet },
          {
            chains,
            uniswapV2: [{ chain: 'ethereum', router: uniswap.router, factory: uniswap.factory }],
            quoteTtlMs: QUOTE_TTL_MS,
            now,
          },
        ),
      ];
    },
    afterAppClose: () => stopConsumers(),
    afterDatabaseClose: () => anvil.stop(),
  });
  const { db, eventStore, app, contract } = t;
  const keys = { free: t.keys.free.key, pro: t.keys.pro.key, enterprise: t.keys.enterprise.key };

  const indexer = new EvmIndexer({
    ...EVM_INDEXER_SETTINGS_FOR_CODE,
    chain: 'ethereum',
    rpcUrl: anvil.rpcUrl,
    eventStore,
    watchedContracts: [uniswap.router],
    pollIntervalMs: 50,
  });
  indexer.start();
  const runners = [swapsProjection, createSwapTracker({ db, eventStore }) as Consumer<unknown>].map(
    (consumer) => new ConsumerRunner({ db, eventStore, consumer, retryMinMs: 20 }),
  );
  for (const runner of runners) runner.start();
  stopConsumers = async () => {
    await Promise.all([...runners.map((r) => r.stop()), indexer.stop()]);
  };

  return Object.assign(bed, {
    anvil,
    db,
    eventStore,
    app,
    contract,
    uniswap,
    usdc,
    usdt,
    dai,
    keys,
    now,
    get: (url: string, key?: string) => t.request<SwapsResponse['json']>('GET', url, { apiKey: key }),
    post: (url: string, body: unknown, key?: string) =>
      t.request<SwapsResponse['json']>('POST', url, { body, apiKey: key }),
    async send(tx: RouteTx, privateKey: Hex) {
      return anvil.publicClient.sendRawTransaction({ serializedTransaction: await bed.sign(tx, privateKey) });
    },
    async sign(tx: RouteTx, privateKey: Hex) {
      const account = privateKeyToAccount(privateKey);
      const common = {
        chainId: Number(tx.chainId),
        nonce: Number(tx.nonce),
        to: tx.to,
        value: tx.valueWei,
        data: tx.data,
        gas: tx.gasLimit,
      };
      return tx.maxFeePerGas !== null
        ? await account.signTransaction({
            ...common,
            type: 'eip1559',
            maxFeePerGas: tx.maxFeePerGas,
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas!,
          })
        : await account.signTransaction({ ...common, type: 'legacy', gasPrice: tx.gasPrice! });
    },
    close: () => t.close(),
  });
}
