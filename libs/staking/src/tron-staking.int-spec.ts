import { createHash } from 'node:crypto';
import { TronWeb, utils as tronUtils } from 'tronweb';
import {
  chainEventId,
  chainStream,
  observationStream,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
  type StakeOperationEvent,
  type StakeOperationObservedData,
} from '@chainwire/chain-events';
import { ChainCapabilities } from '@chainwire/chains';
import { ANY, PostgresEventStore } from '@chainwire/event-store';
import { ConsumerRunner } from '@chainwire/consumers';
import { startTronNodeFixture, type TronNodeFixture } from '@test/support/tron-node/tron-node-fixture';
import { tronStakingRoutes, type TronStakingState } from '@test/support/tron-node/staking-routes';
import { stakingProjection } from './positions/staking.projection';
import { startStakingTestApp, type StakingTestApp } from './testing/staking-test-app';

const TRX = 1_000_000n;
const keys = ['1', '2', '3', '4', '5', '6'].map((d) => d.padStart(64, '0'));
const [owner, sr1, sr2, receiver, stranger, early] = keys.map(
  (k) => TronWeb.address.fromPrivateKey(k) as string,
);

describe('Tron staking: positions from Stake 2.0 operations, rewards and unstake builds against the node fixture', () => {
  let node: TronNodeFixture;
  let t: StakingTestApp;
  let store: PostgresEventStore;
  let runner: ConsumerRunner;
  const nowMs = Date.now();
  const state: TronStakingState = {
    head: { number: 0x1234abcd, timestamp: nowMs, blockID: '00000000' + '1234abcd' + 'ab'.repeat(24) },
    rewards: new Map([[owner, 1_234_567n]]),
    // The solidified block the accounts are at: below every operation appended here, so the owner's
    // stake there is empty and its positions are the operations' alone.
    solidified: {
      number: 100,
      timestamp: nowMs - 3_500_000,
      blockID: '0000000000000064' + 'cd'.repeat(24),
    },
    accounts: new Map(),
  };
  let block = 100;

  /** Appends operations as the Tron indexer would, one block each, and projects them. */
  async function append(
    ...ops: Partial<StakeOperationObservedData>[]
  ): Promise<StakeOperationObservedData[]> {
    const data = ops.map((op) => {
      block += 1;
      return {
        chain: 'tron',
        blockNumber: String(block),
        blockHash: block.toString(16).padStart(64, '0'),
        timestamp: Math.floor(nowMs / 1000) - 3600 + block,
        txHash: `${block}`.padStart(64, 'f'),
        ref: 'tx:0',
        owner,
        validator: null,
        amount: '0',
        ...op,
      } as StakeOperationObservedData;
    });
    await emit(data.map((d) => ({ type: STAKE_OPERATION_OBSERVED, data: d })));
    return data;
  }
  async function emit(events: StakeOperationEvent[]): Promise<void> {
    await store.appendToStream(
      chainStream('tron'),
      events.map((e) => ({ ...e, id: chainEventId(e.type, 'tron', e.data.blockHash, e.data.ref) })),
      { expectedVersion: ANY },
    );
    for (let tries = 0; tries < 100; tries++) {
      await runner.catchUp();
      const { rows } = await t.db.pool.query(
        `SELECT 1 FROM projection_checkpoints c WHERE c.name = 'staking'
           AND c.prepare_position >= (SELECT max(global_position) FROM events WHERE type LIKE 'StakeOperation%')`,
      );
      if (rows.length === 1) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('not projected');
  }
  const positions = async (address = owner) =>
    (await t.get(`/api/staking/positions/${address}?chain=tron`)).json;
  const build = (body: Record<string, unknown>) =>
    t.post('/api/staking/undelegate/build', { chain: 'tron', from: owner, ...body });

  let withdraw: StakeOperationObservedData;
  /** The operations of beforeAll, in order. */
  let setup: StakeOperationObservedData[];
  /** The ISO time of an operation's block, as a position's updatedAt carries it. */
  const at = (op: StakeOperationObservedData) => new Date(op.timestamp * 1000).toISOString();
  /** The transfer prepare-sign would build on Tron for the owner: its refusals are the reference. */
  const transfer = (overrides: Record<string, unknown>) =>
    t.post('/api/txs/prepare-sign', {
      chain: 'tron',
      from: owner,
      to: receiver,
      txType: 'TRANSFER_NATIVE',
      amountWei: 1,
      ...overrides,
    });

  beforeAll(async () => {
    node = await startTronNodeFixture(tronStakingRoutes(state));
    t = await startStakingTestApp([], { url: node.url });
    store = new PostgresEventStore(t.db.pool);
    runner = new ConsumerRunner({ db: t.db, eventStore: store, consumer: stakingProjection });
    setup = await append(
      { operation: 'freeze', amount: String(100n * TRX), resource: 'BANDWIDTH' },
      { operation: 'freeze', amount: String(50n * TRX), resource: 'ENERGY' },
      {
        operation: 'vote',
        votes: [
          { validator: sr1, count: '60' },
          { validator: sr2, count: '40' },
        ],
      },
      {
        operation: 'vote',
        votes: [
          { validator: sr1, count: '70' },
          { validator: sr2, count: '30' },
        ],
      },
      {
        operation: 'unfreeze',
        amount: String(30n * TRX),
        resource: 'BANDWIDTH',
        unlockTimeMs: nowMs + 14 * 86_400_000,
      },
      { operation: 'unfreeze', amount: String(5n * TRX), resource: 'ENERGY', unlockTimeMs: nowMs - 60_000 },
      { operation: 'delegateResource', amount: String(20n * TRX), resource: 'ENERGY', receiver },
    );
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('reports staking on tron when a Tron node is configured', () => {
    expect(t.app.get(ChainCapabilities).forChain('tron').staking).toBe(true);
  });

  it('answers one position per voted SR, the unvoted frozen rest and each pending unfreeze', async () => {
    const res = await positions();
    expect(res.code).toBe('OK');
    const [, , , secondVote, unfreezeBandwidth, unfreezeEnergy] = setup;
    const item = (p: Record<string, unknown> & { stakedWei: bigint }, updatedAt: string) => ({
      chain: 'tron',
      address: owner,
      shares: null,
      ...p,
      stakedAmountWei: p.stakedWei,
      updatedAt,
    });
    expect(res.data).toEqual({
      chain: 'tron',
      address: owner,
      positions: [
        // The latest vote set replaces the earlier one; the account's reward sits on the first position.
        // An SR's votes were last set by the second vote.
        item(
          { validatorId: sr1, status: 'STAKED', stakedWei: 70n * TRX, rewardsWei: 1_234_567n },
          at(secondVote),
        ),
        item({ validatorId: sr2, status: 'STAKED', stakedWei: 30n * TRX, rewardsWei: 0n }, at(secondVote)),
        // 150 frozen − 35 unfrozen = 115 TRX, 100 of them voting; the last unfreeze changed it last (the
        // delegation after it moves no frozen sun).
        item(
          { validatorId: null, status: 'STAKED', stakedWei: 15n * TRX, rewardsWei: 0n },
          at(unfreezeEnergy),
        ),
        item(
          {
            validatorId: null,
            status: 'UNFREEZING',
            stakedWei: 30n * TRX,
            rewardsWei: 0n,
            resource: 'BANDWIDTH',
            unfreezeExpireTimeMs: BigInt(nowMs + 14 * 86_400_000),
          },
          at(unfreezeBandwidth),
        ),
        item(
          {
            validatorId: null,
            status: 'WITHDRAWABLE',
            stakedWei: 5n * TRX,
            rewardsWei: 0n,
            resource: 'ENERGY',
            unfreezeExpireTimeMs: BigInt(nowMs - 60_000),
          },
          at(unfreezeEnergy),
        ),
      ],
    });
    // Wire types: amounts and times in ms are integer literals (bigints once parsed exactly), updatedAt ISO text.
    for (const p of res.data.positions as Record<string, unknown>[]) {
      expect(typeof p.stakedAmountWei).toBe('bigint');
      expect(typeof p.rewardsWei).toBe('bigint');
      expect(new Date(p.updatedAt as string).toISOString()).toBe(p.updatedAt);
      expect('unfreezeExpireTimeMs' in p).toBe(p.status !== 'STAKED');
    }
    expect(node.requests.filter((r) => r.path === '/wallet/getReward').at(-1)?.body).toEqual({
      address: owner,
      visible: true,
    });
  });

  it('accepts the hex form of an address and answers base58', async () => {
    const hex = await positions(TronWeb.address.toHex(owner));
    expect(hex.data).toEqual((await positions(owner)).data);
    expect(hex.data.address).toBe(owner);
  });

  it('drops withdrawn unfreezes, and brings them back when the withdrawal is reverted', async () => {
    // At its block's time only the ENERGY unfreeze has expired: WithdrawExpireUnfreeze takes that one.
    [withdraw] = await append({
      operation: 'withdrawUnfrozen',
      amount: String(5n * TRX),
      timestamp: Math.floor(nowMs / 1000),
    });
    const statuses = async () =>
      ((await positions()).data.positions as { status: string }[]).map((p) => p.status);
    expect(await statuses()).toEqual(['STAKED', 'STAKED', 'STAKED', 'UNFREEZING']);
    await emit([{ type: STAKE_OPERATION_REVERTED, data: withdraw }]);
    expect(await statuses()).toEqual(['STAKED', 'STAKED', 'STAKED', 'UNFREEZING', 'WITHDRAWABLE']);
    // An address without operations has no positions.
    expect((await positions(stranger)).data.positions).toEqual([]);
  });

  it('builds an UnfreezeBalanceV2 with tronweb on the node head block, signable offline', async () => {
    const res = await build({ amountWei: 10n * TRX });
    expect(res.status).toBe(200);
    const data = res.json.data as unknown as {
      txType: string;
      amountWei: bigint;
      transaction: {
        txID: string;
        raw_data_hex: string;
        raw_data: Record<string, unknown>;
        visible: boolean;
      };
    };
    expect(data).toMatchObject({
      chain: 'tron',
      from: owner,
      txType: 'UNFREEZE_BALANCE_V2',
      amountWei: 10n * TRX,
      resource: 'BANDWIDTH',
      receiver: null,
    });
    // The interface's fields: an unfreeze names no counterparty and moves no TRX; Tron has no chain id,
    // nonce or calldata, and its fee is prepare-sign's TRON mode with the EVM numbers null.
    expect(data).toMatchObject({
      to: null,
      valueWei: 0n,
      chainId: null,
      data: null,
      nonce: null,
      fee: {
        mode: 'TRON',
        gasLimit: null,
        baseFeePerGas: null,
        maxPriorityFeePerGas: null,
        maxFeePerGas: null,
        gasPrice: null,
      },
    });
    const tx = data.transaction;
    expect(tx.raw_data).toMatchObject({
      contract: [
        {
          type: 'UnfreezeBalanceV2Contract',
          parameter: {
            type_url: 'type.googleapis.com/protocol.UnfreezeBalanceV2Contract',
            value: { owner_address: TronWeb.address.toHex(owner), unfreeze_balance: 10_000_000n },
          },
        },
      ],
      ref_block_bytes: 'abcd',
      ref_block_hash: state.head.blockID.slice(16, 32),
      expiration: BigInt(state.head.timestamp + 60_000),
      timestamp: BigInt(state.head.timestamp),
    });
    await expectSignable(tx);
  });

  it('builds an UnDelegateResource of everything delegated to a receiver', async () => {
    const res = await build({ all: true, resource: 'ENERGY', receiver });
    const data = res.json.data as unknown as {
      transaction: { raw_data: Record<string, unknown> } & Parameters<typeof expectSignable>[0];
    };
    expect(res.json.data).toMatchObject({
      chain: 'tron',
      from: owner,
      to: receiver,
      valueWei: 0n,
      chainId: null,
      data: null,
      nonce: null,
      fee: { mode: 'TRON', gasLimit: null, maxPriorityFeePerGas: null, maxFeePerGas: null, gasPrice: null },
      txType: 'UNDELEGATE_RESOURCE',
      amountWei: 20n * TRX,
      resource: 'ENERGY',
      receiver,
    });
    expect(data.transaction.raw_data).toMatchObject({
      contract: [
        {
          type: 'UnDelegateResourceContract',
          parameter: {
            value: {
              owner_address: TronWeb.address.toHex(owner),
              receiver_address: TronWeb.address.toHex(receiver),
              balance: 20_000_000n,
              resource: 'ENERGY',
            },
          },
        },
      ],
    });
    await expectSignable(data.transaction);
  });

  it.each([
    ['more than frozen', { amountWei: 71n * TRX }, 400, 'INSUFFICIENT_STAKE'],
    ['a receiver given nothing', { all: true, receiver: sr1 }, 400, 'NOTHING_STAKED'],
    ['shares', { shares: 1 }, 400, 'VALIDATION_ERROR'],
    ['a bad receiver', { all: true, receiver: 'Tnope' }, 400, 'INVALID_ADDRESS'],
    ['a bad resource', { all: true, resource: 'POWER' }, 400, 'VALIDATION_ERROR'],
    ['the owner as receiver', { all: true, receiver: owner }, 400, 'VALIDATION_ERROR'],
  ])('refuses a build with %s', async (_label, body, status, code) => {
    const res = await build(body);
    expect([res.status, res.json.code]).toEqual([status, code]);
  });

  it.each([
    ['a nonce', { nonce: 3 }],
    ['a tip', { maxPriorityFeePerGasWei: 1 }],
    ['a priority fee multiplier', { priorityFeeMultiplier: '1.5' }],
    ['a bad priority fee multiplier', { priorityFeeMultiplier: '0' }],
  ])("refuses a build with %s, with prepare-sign's status and code on Tron", async (_label, overrides) => {
    const res = await build({ amountWei: TRX, ...overrides });
    const reference = await transfer(overrides);
    expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect([res.status, res.json.code]).toEqual([reference.status, reference.json.code]);
  });

  it('answers stake frozen and voted before the start block from the node, and builds from it', async () => {
    // `early` staked before anything was indexed: no operation of its is in the read model.
    state.accounts.set(early, {
      address: early,
      balance: 7n * TRX,
      frozenV2: [{ amount: 40n * TRX }, { type: 'ENERGY', amount: 10n * TRX }],
      unfrozenV2: [{ type: 'ENERGY', unfreeze_amount: 3n * TRX, unfreeze_expire_time: nowMs + 86_400_000 }],
      votes: [{ vote_address: sr1, vote_count: 25n }],
    });
    const solidifiedAt = new Date(Math.floor(state.solidified.timestamp / 1000) * 1000).toISOString();
    const before = await positions(early);
    expect(before.data.positions).toEqual([
      expect.objectContaining({
        validatorId: sr1,
        status: 'STAKED',
        stakedAmountWei: 25n * TRX,
        updatedAt: solidifiedAt,
      }),
      expect.objectContaining({ validatorId: null, status: 'STAKED', stakedAmountWei: 25n * TRX }),
      expect.objectContaining({
        status: 'UNFREEZING',
        stakedAmountWei: 3n * TRX,
        resource: 'ENERGY',
        unfreezeExpireTimeMs: BigInt(nowMs + 86_400_000),
      }),
    ]);
    // What the node said is an event, and the read model's once projected; operations after it add to it.
    const observed = (await store.readStream(observationStream('tron'))).filter(
      (e) => (e.data as { owner?: string }).owner === early,
    );
    expect(observed.map((e) => [e.type, (e.data as { blockNumber: string }).blockNumber])).toEqual([
      ['StakeObserved', '100'],
    ]);
    await append({ owner: early, operation: 'freeze', amount: String(5n * TRX), resource: 'BANDWIDTH' });
    const rows = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM staking_operations WHERE owner = $1 AND operation = 'observed'",
      [early],
    );
    expect(rows.rows[0].n).toBe(1);
    const after = (await positions(early)).data.positions as {
      validatorId: string | null;
      status: string;
      stakedAmountWei: bigint;
    }[];
    expect(after.find((p) => p.validatorId === null && p.status === 'STAKED')?.stakedAmountWei).toBe(
      30n * TRX,
    );
    const requestsBefore = node.requests.filter((r) => r.path === '/walletsolidity/getaccount').length;
    const unfreeze = await t.post('/api/staking/undelegate/build', {
      chain: 'tron',
      from: early,
      amountWei: 45n * TRX,
    });
    expect([unfreeze.status, unfreeze.json.data?.amountWei]).toEqual([200, 45n * TRX]);
    // Observed once: the build folds the read model's observation.
    expect(node.requests.filter((r) => r.path === '/walletsolidity/getaccount').length).toBe(requestsBefore);
    const tooMuch = await t.post('/api/staking/undelegate/build', {
      chain: 'tron',
      from: early,
      amountWei: 46n * TRX,
    });
    expect([tooMuch.status, tooMuch.json.code]).toEqual([400, 'INSUFFICIENT_STAKE']);
  });

  it('answers 503 while the node fails', async () => {
    state.failWith = 503;
    try {
      expect((await positions()).code).toBe('SERVICE_UNAVAILABLE');
      expect((await build({ amountWei: TRX })).json.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      state.failWith = undefined;
    }
  });
});

/**
 * The transaction is what tronweb would sign: raw_data_hex is the protobuf of raw_data, txID its sha256,
 * and a signature over txID with the owner's key recovers the owner.
 */
async function expectSignable(tx: {
  txID: string;
  raw_data_hex: string;
  raw_data: Record<string, unknown>;
  visible: boolean;
}): Promise<void> {
  const plain = JSON.parse(
    JSON.stringify(tx, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
  ) as never;
  expect(tronUtils.transaction.txCheck(plain)).toBe(true);
  expect(createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex')).toBe(tx.txID);
  const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:1' });
  const signed = await tronWeb.trx.sign(plain, keys[0]);
  expect(tronWeb.trx.ecRecover(signed as never)).toBe(owner);
}
