import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TronWeb } from 'tronweb';
import {
  type Database,
  parseJsonExact,
  silentLogger,
  appConfigForCode,
  webhookSettings,
} from '@chainwire/core';
import { startTestReceiver, type TestReceiver } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { startTronNodeFixture, type TronNodeFixture } from '@test/support/tron-node/tron-node-fixture';
import { chainRoutes } from '@test/support/tron-node/chain-routes';
import {
  contractCall,
  hex,
  ScriptedTronChain,
  trc10Transfer,
  trc20Transfer,
  trxTransfer,
} from '@test/support/tron-node/scripted-tron-chain';
import { type RunningServer, startServer } from '../bootstrap/start-server';

const KEY = 'tron-service-key-0123456789';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WATCHED = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';
const SENDER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field and matched
type Data = Record<string, any>;

interface Body {
  event_type: string;
  event_id: string;
  data: Record<string, unknown>;
}

/**
 * The whole service in this process with Tron configured (TRON_RPC_URL → the java-tron fixture, a
 * finality depth so the head and its reorgs are followed): the Tron indexer role, the balances and
 * history projections, the webhook saga and dispatcher, and the API, on PostgreSQL or PGlite.
 */
describe('Tron through the whole service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tron-service-'));
  let testDb: Database | undefined;
  let chain: ScriptedTronChain;
  let node: TronNodeFixture;
  let receiver: TestReceiver;
  let server: RunningServer;
  let secret: string;
  /** Unclaimed voting rewards by base58 address, as /wallet/getReward answers them. */
  const rewards = new Map<string, bigint>();

  beforeAll(async () => {
    chain = new ScriptedTronChain();
    node = await startTronNodeFixture(chainRoutes(chain), {
      '/wallet/getReward': (body) => {
        const reward = rewards.get(String(body.address));
        return reward === undefined ? {} : { reward };
      },
    });
    receiver = await startTestReceiver();
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
    server = await startServer(
      appConfigForCode({
        port: 0,
        dataDir,
        databaseUrl: testDb?.url,
        devApiKey: KEY,
        roles: ['api', 'indexer', 'projector', 'dispatcher'],
        logLevel: 'silent',
        // No EVM node here: ethereum names a closed port (its indexer retries quietly) so no dev chain starts.
        chains: [{ id: 'ethereum', rpcUrl: 'http://127.0.0.1:9' }],
        webhooks: { ...webhookSettings({}), allowPrivateTargets: true, secretKey: randomBytes(32) },
        tron: { id: 'tron', rpcUrl: node.url, apiKey: 'grid-key', startBlock: 0n, finalityDepth: 4 },
      }),
      silentLogger,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await node?.close();
    await receiver?.close();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, text, json: parseJsonExact(text) as Data & { code: string; data: Data } };
  };
  async function eventually<T>(
    probe: () => Promise<T | undefined>,
    what: string,
    timeoutMs = 30_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const received = () => receiver.requests.map((r) => receiver.verify<Body>(r, secret));
  const balances = async () =>
    (await api('GET', `/api/balances/${WATCHED}?chain=tron&assetIds=native,${USDT}`)).json.data.assets as {
      assetId: string;
      smallestUnit: bigint;
    }[];

  it('indexes TRX, TRC-10 and TRC-20 into balances, history and signed webhooks, exact in sun', async () => {
    secret = (await api('POST', '/api/notifications/signing-secret')).json.data.secret;
    const created = await api('POST', '/api/notifications/subscriptions', {
      chain: 'tron',
      address: hex(WATCHED), // hex accepted on input, base58 everywhere on the wire
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'],
    });
    expect(created.status).toBe(201);
    expect(created.json.data.address).toBe(WATCHED);
    const id = created.json.data.id as string;
    await eventually(
      async () =>
        (await api('GET', `/api/notifications/subscriptions/${id}`)).json.data.status === 'active'
          ? true
          : undefined,
      'subscription active',
    );

    chain.mine(trxTransfer(SENDER, WATCHED, 1_500_001n, { netFee: 100_000n }));
    chain.mine(
      trc20Transfer(SENDER, USDT, WATCHED, 25_000_000n, { energyFee: 6_000_000n }),
      trc10Transfer(SENDER, WATCHED, '1002000', 9_007_199_254_740_993n),
    );
    // Out of WATCHED: a TRC-20 payment and the energy it burnt (no webhook: not incoming).
    chain.mine(trc20Transfer(WATCHED, USDT, SENDER, 5_000_000n, { energyFee: 345_000n }));
    chain.mineEmpty(5); // everything above is beyond the finality depth

    await eventually(async () => (received().length >= 3 ? true : undefined), 'three webhooks');
    const bodies = received();
    expect(
      bodies.map((b) => [b.event_type, b.data.asset_type, b.data.asset_contract, b.data.amount]),
    ).toEqual([
      ['transfer.received', 'trx', null, '1.500001'],
      ['transfer.received', 'trc20', USDT, '25'],
      // A TRC-10 token outside the registry: its amount in smallest units, exact.
      ['transfer.received', 'trc10', '1002000', '9007199254740993'],
    ]);
    expect(bodies[1].data).toMatchObject({
      chain: 'tron',
      from: SENDER,
      to: WATCHED,
      log_index: 0,
      block_number: 2,
    });

    const assets = await eventually(async () => {
      const a = await balances();
      return a.find((x) => x.assetId === USDT)?.smallestUnit === 20_000_000n ? a : undefined;
    }, 'balances');
    // 1.500001 TRX in, 0.345 TRX of energy burnt paying out.
    expect(assets.map((a) => [a.assetId, a.smallestUnit])).toEqual([
      ['native', 1_155_001n],
      [USDT, 20_000_000n],
    ]);
    // The default asset on tron is USDT.
    const defaults = (await api('GET', `/api/balances/${WATCHED}?chain=tron`)).json.data.assets as {
      assetId: string;
    }[];
    expect(defaults.map((a) => a.assetId)).toEqual(['native', USDT]);
    // A contract named in hex is answered base58.
    const named = (await api('GET', `/api/balances/${hex(WATCHED)}?chain=tron&assetIds=${hex(USDT)}`)).json
      .data;
    expect([named.address, named.assets.map((a: Data) => [a.assetId, a.smallestUnit])]).toEqual([
      WATCHED,
      [
        ['native', 1_155_001n],
        [USDT, 20_000_000n],
      ],
    ]);

    // A TRC-10 token by its id: identified on chain (getassetissuebyid), answered unverified, exact.
    chain.assetIssues.set('1002000', { name: 'BitTorrent', abbr: 'BTT', precision: 6 });
    const trc10 = await api(
      'GET',
      `/api/balances/${WATCHED}?chain=tron&assetIds=1002000&includeNative=false`,
    );
    expect(trc10.status).toBe(200);
    expect(trc10.json.data.assets).toEqual([
      expect.objectContaining({
        assetId: '1002000',
        type: 'trc10',
        symbol: 'BTT',
        name: 'BitTorrent',
        decimals: 6n,
        smallestUnit: 9_007_199_254_740_993n,
        tokenContract: '1002000',
      }),
    ]);
    expect(String(trc10.json.data.assets[0].amount)).toBe('9007199254.740993'); // a number literal, exact
    const badId = await api('GET', `/api/balances/${WATCHED}?chain=tron&assetIds=100200`);
    expect([badId.status, badId.json.code]).toEqual([400, 'INVALID_ASSET_ID']);

    const history = (await api('GET', `/api/txs/history/${WATCHED}?chain=tron`)).json.data;
    expect(history.address).toBe(WATCHED);
    expect(
      (history.items as Data[]).map((i) => [
        i.blockNumber,
        i.direction,
        i.kind,
        i.counterparty,
        i.amountSmallestUnit,
      ]),
    ).toEqual([
      [3n, 'OUT', 'trc20', SENDER, 5_000_000n],
      [2n, 'IN', 'trc10', SENDER, 9_007_199_254_740_993n],
      [2n, 'IN', 'trc20', SENDER, 25_000_000n],
      [1n, 'IN', 'native', SENDER, 1_500_001n],
    ]);
    const latest = await eventually(async () => {
      const res = await api('GET', '/api/blocks/latest?chain=tron');
      return res.status === 200 && res.json.number === BigInt(chain.head.number) ? res.json : undefined;
    }, 'latest block');
    expect(latest).toMatchObject({ hash: chain.head.blockID, parentHash: chain.head.parentHash });
    expect((await api('GET', '/api/chains/tron/capabilities')).json.data).toMatchObject({
      indexed: true,
      transactions: true,
    });
    expect(node.requests.every((r) => r.apiKey === 'grid-key')).toBe(true);
  });

  it('reverts a reorged block: balances, history and a transfer.reverted webhook', async () => {
    const head = chain.head.number;
    chain.mine(trc20Transfer(SENDER, USDT, WATCHED, 1_000_000n));
    await eventually(async () => (received().length >= 4 ? true : undefined), 'fourth webhook');
    const delivered = received()[3];
    expect(delivered.data.amount).toBe('1');

    chain.reorg(head); // drop the block with the 1 USDT payment
    chain.mine(trxTransfer(SENDER, WATCHED, 7n));
    chain.mine();
    await eventually(
      async () => (received().length >= 6 ? true : undefined),
      'revert notice and new transfer',
    );
    const [again, notice] = received()
      .slice(4)
      .sort((a, b) => a.event_type.localeCompare(b.event_type));
    expect(again.event_type).toBe('transfer.received');
    expect(again.data).toMatchObject({ asset_type: 'trx', amount: '0.000007' });
    expect(notice).toMatchObject({
      event_type: 'transfer.reverted',
      data: { reverted_event_id: delivered.event_id, amount: '1' },
    });

    const assets = await eventually(async () => {
      const a = await balances();
      return a.find((x) => x.assetId === 'native')?.smallestUnit === 1_155_008n ? a : undefined;
    }, 'balances after the reorg');
    expect(assets.find((a) => a.assetId === USDT)?.smallestUnit).toBe(20_000_000n);
    const items = (await api('GET', `/api/txs/history/${WATCHED}?chain=tron&limit=2`)).json.data
      .items as Data[];
    expect(items.map((i) => [i.kind, i.amountSmallestUnit])).toEqual([
      ['native', 7n],
      ['trc20', 5_000_000n],
    ]);
  });

  it('answers what an account held from genesis exactly, read at the solidified block while the head is followed', async () => {
    const WHALE = TronWeb.address.fromHex(`41${'ab'.repeat(20)}`);
    const TRX = 1_000_000n;
    // Held since genesis: no block the service indexed ever paid it.
    chain.genesis.set(WHALE, {
      sun: 999_974_972n * TRX,
      trc10: { '1002000': 77n },
      trc20: { [USDT]: 5n * TRX },
    });
    chain.solidifiedLag = 19;
    try {
      chain.mine(
        trxTransfer(WHALE, SENDER, 25_027n * TRX, { netFee: 100_000n }),
        contractCall('FreezeBalanceV2Contract', {
          owner_address: hex(WHALE),
          frozen_balance: 1_000n * TRX,
          resource: 'ENERGY',
        }),
      );
      chain.mineEmpty(25);
      await eventually(async () => {
        const res = await api('GET', '/api/blocks/latest?chain=tron');
        return res.json.number === BigInt(chain.head.number) ? true : undefined;
      }, 'the head indexed');
      const held = async () =>
        (
          (await api('GET', `/api/balances/${WHALE}?chain=tron&assetIds=native,${USDT},1002000`)).json.data
            .assets as Data[]
        ).map((a) => [a.assetId, a.smallestUnit]);
      // Frozen TRX is still the owner's (the chain stream records no transfer for it).
      const native = 999_974_972n * TRX - 25_027n * TRX - 100_000n;
      expect(await held()).toEqual([
        ['native', native],
        ['1002000', 77n],
        [USDT, 5n * TRX],
      ]);
      // The observation of the solidified block, 19 below the projected head, is the read model's now.
      chain.mine(trxTransfer(WHALE, SENDER, 1n), trc20Transfer(SENDER, USDT, WHALE, 2n));
      chain.mine();
      await eventually(async () => {
        const [row] = await held();
        return row?.[1] === native - 1n ? true : undefined;
      }, 'the new transfers counted');
      expect(await held()).toEqual([
        ['native', native - 1n],
        ['1002000', 77n],
        [USDT, 5n * TRX + 2n],
      ]);
    } finally {
      chain.solidifiedLag = 0;
    }
  });

  it('answers energy and bandwidth from the node, free and staked bandwidth combined', async () => {
    chain.resources.set(WATCHED, {
      freeNetUsed: 268n,
      freeNetLimit: 600n,
      NetUsed: 10n,
      NetLimit: 2_000n,
      EnergyLimit: 90_000n,
    });
    const res = await api('GET', `/api/chain/tron/resources/${hex(WATCHED)}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      chain: 'tron',
      address: WATCHED,
      energyUsed: 0n,
      energyLimit: 90_000n,
      bandwidthUsed: 278n,
      bandwidthLimit: 2_600n,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.text).toContain('"energyLimit":90000');
    expect((await api('GET', `/api/chain/tron/resources/${SENDER}`)).json.data).toMatchObject({
      energyLimit: 0n,
      bandwidthLimit: 0n,
    });
    const bad = await api('GET', `/api/chain/tron/resources/${WATCHED.replace('TLy', 'TLz')}`);
    expect([bad.status, bad.json.code]).toEqual([400, 'INVALID_ADDRESS']);
    chain.unavailable.add('/wallet/getaccountresource');
    const down = await api('GET', `/api/chain/tron/resources/${WATCHED}`);
    chain.unavailable.clear();
    expect([down.status, down.json.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const evm = await api('GET', `/api/chain/ethereum/resources/${WATCHED}`);
    expect([evm.status, evm.json.code]).toEqual([400, 'UNSUPPORTED_CHAIN']);
  });

  it('answers staking positions from indexed Stake 2.0 transactions, and builds an unfreeze', async () => {
    const STAKER = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
    const SR = 'TGzz8gjYiYRqpfmDwnLxfgPuLVNmpCswVp';
    const TRX = 1_000_000n;
    const voted = chain.mine(
      contractCall('FreezeBalanceV2Contract', {
        owner_address: hex(STAKER),
        frozen_balance: 50n * TRX,
        resource: 'ENERGY',
      }),
      contractCall('VoteWitnessContract', {
        owner_address: hex(STAKER),
        votes: [{ vote_address: hex(SR), vote_count: 30n }],
      }),
    );
    const unfrozen = chain.mine(
      contractCall('UnfreezeBalanceV2Contract', {
        owner_address: hex(STAKER),
        unfreeze_balance: 5n * TRX,
        resource: 'ENERGY',
      }),
    );
    chain.mineEmpty(5);
    rewards.set(STAKER, 4_321n);
    // Projected first: positions are then dated by the operations, which agree with what the node holds.
    await eventually(async () => {
      const { rows } = await server.db.pool.query(
        'SELECT count(*)::int AS n FROM staking_operations WHERE owner = $1',
        [STAKER],
      );
      return rows[0].n === 3 ? true : undefined;
    }, 'the operations projected');

    const positions = await eventually(async () => {
      const res = await api('GET', `/api/staking/positions/${STAKER}?chain=tron`);
      return res.json.data?.positions?.length === 3 ? res.json.data.positions : undefined;
    }, 'three positions');
    // Each item is dated by the block of the last operation folded into it: the SR by its vote, the frozen
    // sun no vote covers by the later unfreeze, the unfreeze by its own block.
    expect(positions).toEqual([
      {
        chain: 'tron',
        address: STAKER,
        validatorId: SR,
        stakedAmountWei: 30n * TRX,
        rewardsWei: 4_321n,
        status: 'STAKED',
        updatedAt: new Date(voted.timestamp).toISOString(),
        stakedWei: 30n * TRX,
        shares: null,
      },
      {
        chain: 'tron',
        address: STAKER,
        validatorId: null,
        stakedAmountWei: 15n * TRX,
        rewardsWei: 0n,
        status: 'STAKED',
        updatedAt: new Date(unfrozen.timestamp).toISOString(),
        stakedWei: 15n * TRX,
        shares: null,
      },
      {
        chain: 'tron',
        address: STAKER,
        validatorId: null,
        stakedAmountWei: 5n * TRX,
        rewardsWei: 0n,
        // The fixture's blocks are from 2023: its 14-day unfreeze delay has long passed.
        status: 'WITHDRAWABLE',
        updatedAt: new Date(unfrozen.timestamp).toISOString(),
        unfreezeExpireTimeMs: BigInt(unfrozen.timestamp + 14 * 86_400_000),
        stakedWei: 5n * TRX,
        shares: null,
        resource: 'ENERGY',
      },
    ]);

    const built = await api('POST', '/api/staking/undelegate/build', {
      chain: 'tron',
      from: STAKER,
      amountWei: String(10n * TRX),
      resource: 'ENERGY',
    });
    expect(built.status).toBe(200);
    expect(built.json.data).toMatchObject({ txType: 'UNFREEZE_BALANCE_V2', amountWei: 10n * TRX });
    expect(built.json.data.transaction.raw_data.contract[0]).toMatchObject({
      type: 'UnfreezeBalanceV2Contract',
      parameter: { value: { owner_address: hex(STAKER).toLowerCase(), unfreeze_balance: 10n * TRX } },
    });
    const tooMuch = await api('POST', '/api/staking/undelegate/build', {
      chain: 'tron',
      from: STAKER,
      amountWei: String(1_000n * TRX),
      resource: 'ENERGY',
    });
    expect(tooMuch.status).toBe(400);
  });

  it('identifies an unregistered TRC-20 on chain for balances (string or bytes32 views), and refuses what is no token', async () => {
    const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    const OLD = 'TWa5cxQFesyCQUm17usvHrVkKce6rMCV4H';
    chain.trc20Views.set(hex(TOKEN), { name: 'Just a Token', symbol: 'JAT', decimals: 8 });
    chain.trc20Views.set(hex(OLD), { name: 'Old Style', symbol: 'OLD', decimals: 0, bytes32: true });
    chain.mine(trc20Transfer(SENDER, TOKEN, WATCHED, 123_456_789n), trc20Transfer(SENDER, OLD, WATCHED, 5n));
    chain.mineEmpty(5);

    const held = await eventually(async () => {
      const res = await api(
        'GET',
        `/api/balances/${WATCHED}?chain=tron&assetIds=${TOKEN},${OLD}&includeNative=false`,
      );
      expect(res.status).toBe(200);
      const assets = res.json.data.assets as Data[];
      return assets.length === 2 ? assets : undefined;
    }, 'TRC-20 balances');
    expect(held.map((a) => [a.assetId, a.type, a.symbol, a.name, a.decimals, a.smallestUnit])).toEqual([
      [TOKEN, 'trc20', 'JAT', 'Just a Token', 8n, 123_456_789n],
      [OLD, 'trc20', 'OLD', 'Old Style', 0n, 5n],
    ]);
    expect(held.map((a) => a.verified)).toEqual([false, false]);
    // Identified for the request only: the registry every tenant reads does not list it.
    expect((await api('GET', '/api/assets?chain=tron&symbol=JAT')).json.data).toEqual([]);

    // An address with no contract, and a TRC-10 id the chain does not know: neither is a token.
    const notToken = await api('GET', `/api/balances/${WATCHED}?chain=tron&assetIds=${SENDER},1009999`);
    expect([notToken.status, notToken.json.code]).toEqual([400, 'NOT_A_TOKEN']);
    expect(notToken.json.message).toBe(`Not a TRC-10 or TRC-20 token on tron: ${SENDER}, 1009999`);

    chain.unavailable.add('/wallet/triggerconstantcontract');
    try {
      const down = await api(
        'GET',
        `/api/balances/${WATCHED}?chain=tron&assetIds=TVwvLcXD1WTK2gegh7tZ5Fxocfo8GttHgL`,
      );
      expect([down.status, down.json.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      chain.unavailable.delete('/wallet/triggerconstantcontract');
    }
  });
});
