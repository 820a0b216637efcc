import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Address } from 'viem';
import { priceAggregatorAbi } from '@chainwire/chains';
import { DEFAULT_PRICE_SETTINGS, type PriceFeedConfig } from '@chainwire/core';
import { deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';
import { PRICE_OBSERVED, type PriceEvent } from './price.events';
import { MAINNET_USD_FEEDS } from './sources/mainnet-price-feeds';

const HOLDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

/** A CoinGecko-compatible `simple/price` API on loopback: answers from `table`, counting reads per symbol. */
class CoinGeckoStub {
  readonly reads = new Map<string, number>();
  readonly apiKeys: (string | undefined)[] = [];
  /** symbol → currency → the JSON literal to answer. */
  readonly table: Record<string, Record<string, string>> = {
    sol: { usd: '142.123456789012345678901' },
    eth: { usd: '1', gbp: '2400.5' },
    stale: { usd: '1.25' },
    slow: { usd: '0.5' },
  };
  delayMs = 0;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v3`;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://stub');
    if (url.pathname !== '/api/v3/simple/price') return void res.writeHead(404).end();
    const symbol = url.searchParams.get('symbols')!;
    const currency = url.searchParams.get('vs_currencies')!;
    this.reads.set(symbol, (this.reads.get(symbol) ?? 0) + 1);
    this.apiKeys.push(req.headers['x-cg-demo-api-key'] as string | undefined);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const literal = this.table[symbol]?.[currency];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(literal ? `{"${symbol}":{"${currency}":${literal},"last_updated_at":1700000000}}` : '{}');
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

describe('prices', () => {
  let anvil: TestAnvil;
  let t: WalletTestApp;
  const api = new CoinGeckoStub();
  const feeds: Record<string, Address> = {};

  const deployFeed = async (pair: string, decimals: number, answer: bigint) => {
    feeds[pair] = await deployFixture(anvil, 'DevPriceAggregator', [decimals, pair, answer]);
  };
  const setRound = async (pair: string, answer: bigint, updatedAt?: bigint) => {
    const hash = await anvil.wallets[0].writeContract({
      address: feeds[pair],
      abi: priceAggregatorAbi,
      ...(updatedAt === undefined
        ? { functionName: 'setAnswer', args: [answer] }
        : { functionName: 'setRoundData', args: [answer, updatedAt] }),
    } as never);
    expect(await waitMined(anvil, hash)).toBe('success');
  };
  const feedUpdatedAt = async (address: Address) => {
    const [, , , updatedAt] = await anvil.publicClient.readContract({
      address,
      abi: priceAggregatorAbi,
      functionName: 'latestRoundData',
    });
    return new Date(Number(updatedAt) * 1000).toISOString();
  };
  const priceEvents = async (symbol: string) =>
    (await t.eventStore.readStream<PriceEvent>(`price-${symbol}`)).filter((e) => e.type === PRICE_OBSERVED);

  beforeAll(async () => {
    // Chain id 1: the mainnet feeds are defaults; BTC/USD gets an aggregator's code at its mainnet address.
    anvil = await startTestAnvil({ chainId: 1 });
    await deployFeed('ETH/USD', 8, 300012345678n);
    await deployFeed('USD/EUR', 8, 92000000n);
    await deployFeed('USDC/USD', 8, 99990000n);
    await deployFeed('STALE/USD', 8, 100000000n);
    await deployFeed('NEG/USD', 8, 100000000n);
    await setRound('STALE/USD', 100000000n, BigInt(Math.floor(Date.now() / 1000) - 2 * 86_400));
    await setRound('NEG/USD', 0n);
    const btcFeed = MAINNET_USD_FEEDS.find((f) => f.symbol === 'BTC')!.address;
    const code = await anvil.publicClient.getCode({ address: feeds['ETH/USD'] });
    await anvil.testClient.setCode({ address: btcFeed, bytecode: code! });
    feeds['BTC/USD'] = btcFeed;
    // The owner is immutable in the code, so the deployer may post at the copy's address too.
    await setRound('BTC/USD', 6_500_012_345_678n);

    const configured: PriceFeedConfig[] = ['ETH/USD', 'USD/EUR', 'USDC/USD', 'STALE/USD', 'NEG/USD'].map(
      (pair) => {
        const [symbol, base] = pair.split('/');
        return { symbol, base, chain: 'ethereum', address: feeds[pair].toLowerCase() as Address };
      },
    );
    t = await startWalletTestApp({
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl }],
      prices: {
        settings: {
          ...DEFAULT_PRICE_SETTINGS,
          feeds: configured,
          apiUrl: await api.start(),
          apiKey: 'demo-key',
          apiAllowPrivateTargets: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await api.close();
    await anvil?.stop();
  });

  describe('GET /api/price/:symbol', () => {
    it('answers a feed price bare and exact, dated by the round, symbol case-insensitive', async () => {
      const res = await t.get('/api/price/eth');
      expect(res.status).toBe(200);
      expect(res.text).toBe(
        `{"symbol":"ETH","basePair":"USD","value":3000.12345678,"updatedAt":"${await feedUpdatedAt(feeds['ETH/USD'])}"}`,
      );
      // The feed answered, so the HTTP provider (which prices ETH at 1) was never asked.
      expect(api.reads.get('eth')).toBeUndefined();
    });

    it("reads ethereum mainnet's default feeds when the chain is chain id 1", async () => {
      const res = await t.get('/api/price/BTC');
      expect(res.json).toMatchObject({ symbol: 'BTC', basePair: 'USD' });
      expect(String(res.json.value)).toBe('65000.12345678');
    });

    it('prices another fiat through a USD/<FIAT> feed, exactly', async () => {
      const res = await t.get('/api/price/ETH?basePair=eur');
      expect(res.status).toBe(200);
      expect(res.text).toContain('"basePair":"EUR","value":2760.1135802376,');
    });

    it('falls back to the HTTP provider without a feed, keeping every digit it wrote', async () => {
      const sol = await t.get('/api/price/SOL');
      expect(sol.text).toBe(
        '{"symbol":"SOL","basePair":"USD","value":142.123456789012345678901,"updatedAt":"2023-11-14T22:13:20.000Z"}',
      );
      const gbp = await t.get('/api/price/ETH?basePair=GBP');
      expect(String(gbp.json.value)).toBe('2400.5');
      expect(api.reads.get('eth')).toBe(1);
      expect(api.apiKeys.at(-1)).toBe('demo-key');
    });

    it('refuses a stale feed answer and asks the HTTP provider instead', async () => {
      const res = await t.get('/api/price/STALE');
      expect(String(res.json.value)).toBe('1.25');
      expect(api.reads.get('stale')).toBe(1);
    });

    it('refuses a non-positive answer: 503 PRICE_UNAVAILABLE when nothing else prices it', async () => {
      const res = await t.get('/api/price/NEG');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ ok: false, code: 'PRICE_UNAVAILABLE' });
      expect(res.json.message).toContain('not a positive price');
    });

    it('answers an unknown symbol with a 404 envelope, without asking the sources again at once', async () => {
      const res = await t.get('/api/price/NOSUCHCOIN');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ ok: false, code: 'PRICE_NOT_FOUND', data: null });
      expect((await t.get('/api/price/nosuchcoin')).json.code).toBe('PRICE_NOT_FOUND');
      expect(api.reads.get('nosuchcoin')).toBe(1);
    });

    it.each([
      ['a symbol with a bad character', '/api/price/ET%24H', 'INVALID_SYMBOL'],
      ['a 21-character symbol', `/api/price/${'A'.repeat(21)}`, 'INVALID_SYMBOL'],
      ['an unsupported base', '/api/price/ETH?basePair=XYZ', 'UNSUPPORTED_FIAT_CURRENCY'],
      ['a repeated base', '/api/price/ETH?basePair=USD&basePair=EUR', 'VALIDATION_ERROR'],
      ['a control character', '/api/price/ETH?basePair=U%01SD', 'INVALID_CHARACTERS'],
    ])('answers %s with a 400 envelope', async (_case, url, code) => {
      const res = await t.get(url);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ ok: false, code });
    });

    it('reports the prices capability, sources being configured', async () => {
      expect((await t.get('/api/chains/ethereum/capabilities')).json.data).toMatchObject({ prices: true });
    });

    it('needs a known API key', async () => {
      expect((await t.get('/api/price/ETH', null)).status).toBe(401);
      expect((await t.get('/api/price/ETH', 'cw_not-a-real-key')).json.code).toBe('UNAUTHORIZED');
      expect((await t.get('/api/price/ETH', t.keys.free)).status).toBe(200);
    });

    it('answers the cache within the time to live and refreshes it after', async () => {
      await t.get('/api/price/ETH');
      await setRound('ETH/USD', 310000000000n);
      expect(String((await t.get('/api/price/ETH')).json.value)).toBe('3000.12345678');
      await t.db.pool.query(
        `UPDATE prices SET refreshed_at = now() - interval '61 seconds' WHERE symbol = 'ETH' AND base_pair = 'USD'`,
      );
      const refreshed = await t.get('/api/price/ETH');
      expect(String(refreshed.json.value)).toBe('3100');
      expect(refreshed.json.updatedAt).toBe(await feedUpdatedAt(feeds['ETH/USD']));
      await setRound('ETH/USD', 300012345678n);
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'ETH'`);
    });

    it('answers the last cached price, however old, while every source fails', async () => {
      const first = await t.get('/api/price/BTC');
      await setRound('BTC/USD', -5n);
      await t.db.pool.query(
        `UPDATE prices SET refreshed_at = now() - interval '1 hour' WHERE symbol = 'BTC' AND base_pair = 'USD'`,
      );
      const stale = await t.get('/api/price/BTC');
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(first.text);
      await setRound('BTC/USD', 6_500_012_345_678n);
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'BTC'`);
    });

    it('makes one upstream read for 100 concurrent misses of one symbol', async () => {
      api.delayMs = 200;
      try {
        const answers = await Promise.all(Array.from({ length: 100 }, () => t.get('/api/price/SLOW')));
        expect(answers.map((a) => a.status)).toEqual(new Array(100).fill(200));
        expect(new Set(answers.map((a) => a.text)).size).toBe(1);
        expect(api.reads.get('slow')).toBe(1);
        expect(await priceEvents('SLOW')).toHaveLength(1);
      } finally {
        api.delayMs = 0;
      }
    });

    it('appends each price read to price-<SYMBOL>, once per distinct answer', async () => {
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'USDC'`);
      await t.get('/api/price/USDC');
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'USDC'`);
      await t.get('/api/price/USDC'); // the same round again: the same event id, nothing new
      await setRound('USDC/USD', 100010000n);
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'USDC'`);
      await t.get('/api/price/USDC');
      const events = await priceEvents('USDC');
      expect(events.map((e) => [e.data.basePair, e.data.value, e.data.source])).toEqual([
        ['USD', '0.9999', `chainlink:ethereum:${feeds['USDC/USD'].toLowerCase()}`],
        ['USD', '1.0001', `chainlink:ethereum:${feeds['USDC/USD'].toLowerCase()}`],
      ]);
      expect(events[1].data.observedAt).toBe(await feedUpdatedAt(feeds['USDC/USD']));
      await setRound('USDC/USD', 99990000n);
      await t.db.pool.query(`DELETE FROM prices WHERE symbol = 'USDC'`);
    });
  });

  describe('GET /api/balances/:address with fiat values', () => {
    beforeAll(async () => {
      const rows: [string, string][] = [
        ['native', '1000000000000000001'],
        [USDC, '1234567891'],
        [DAI, '500000000000000000'],
      ];
      // Observed balances (the read model answers them without the node).
      for (const [asset, amount] of rows) {
        await t.db.pool.query(
          "INSERT INTO balances (chain, address, asset, amount, observation) VALUES ($1, $2, $3, $4, 'applied')",
          ['ethereum', HOLDER.toLowerCase(), asset.toLowerCase(), amount],
        );
      }
    });

    it('values each asset exactly, sums them, and names the asset without a price', async () => {
      const res = await t.get(`/api/balances/${HOLDER}?assetIds=native,${USDC},${DAI}`);
      expect(res.status).toBe(200);
      const native =
        '{"assetId":"native","type":"native","symbol":"ETH","name":"Ethereum","decimals":18,' +
        '"smallestUnit":1000000000000000001,"amount":1.000000000000000001,"fiatCurrency":"USD",' +
        '"tokenContract":null,"contract":null,"fiatValue":3000.12345678000000300012345678,"verified":true}';
      const dai =
        `{"assetId":"${DAI}","type":"erc20","symbol":"DAI","name":"Dai Stablecoin","decimals":18,` +
        `"smallestUnit":500000000000000000,"amount":0.5,"fiatCurrency":"USD","tokenContract":"${DAI}",` +
        `"contract":"${DAI}","fiatValue":null,"verified":true}`;
      const usdc =
        `{"assetId":"${USDC}","type":"erc20","symbol":"USDC","name":"USD Coin","decimals":6,` +
        `"smallestUnit":1234567891,"amount":1234.567891,"fiatCurrency":"USD","tokenContract":"${USDC}",` +
        `"contract":"${USDC}","fiatValue":1234.4444342109,"verified":true}`;
      expect(res.text).toBe(
        '{"ok":true,"code":"OK","message":"No USD price for DAI: no fiat value","data":' +
          `{"chain":"ethereum","address":"${HOLDER}","fiatCurrency":"USD",` +
          `"totalFiatValue":4234.56789099090000300012345678,"assets":[${native},${dai},${usdc}]}}`,
      );
    });

    it('values in another fiat currency through the USD/<FIAT> feed', async () => {
      const res = await t.get(`/api/balances/${HOLDER}?assetIds=native&fiatCurrency=EUR`);
      expect(res.json.message).toBe('OK');
      const data = res.json.data as {
        assets: { fiatValue: unknown; fiatCurrency: string }[];
        totalFiatValue: unknown;
      };
      expect(data.assets[0].fiatCurrency).toBe('EUR');
      expect(String(data.assets[0].fiatValue)).toBe('2760.1135802376000027601135802376');
      expect(String(data.totalFiatValue)).toBe('2760.1135802376000027601135802376');
    });
  });
});
