import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainCapabilities } from '@chainwire/chains';
import { PostgresEventStore } from '@chainwire/event-store';
import type { EvmIndexer } from '@chainwire/indexing';
import { blocksProjection } from '@chainwire/blocks';
import { ConsumerRunner, replayProjection } from '@chainwire/consumers';
import {
  callFixture,
  deployFixture,
  reorg,
  startTestAnvil,
  waitMined,
  type TestAnvil,
} from '@test/support/anvil';
import { stakingProjection } from './positions/staking.projection';
import { stakeHubIndexer } from './testing/stake-hub-indexer';
import { startStakingTestApp, type StakingTestApp } from './testing/staking-test-app';

const ETH = 10n ** 18n;
const UNBOND_SECONDS = 7n * 24n * 3600n;

describe('EVM staking on anvil: StakeHub fixture, indexer, projection, routes', () => {
  let anvil: TestAnvil;
  let t: StakingTestApp;
  let store: PostgresEventStore;
  let indexer: EvmIndexer;
  let runner: ConsumerRunner;
  let blocks: ConsumerRunner;
  let hub: Address;
  let operator: Address;
  let delegator: Address;
  let consensus: Address;
  let validatorCreatedAt: string;

  /** Indexes to the head and projects until every event appended (observations too) is applied. */
  async function sync(): Promise<void> {
    await indexer.syncOnce();
    for (let tries = 0; ; tries++) {
      await Promise.all([runner.catchUp(), blocks.catchUp()]);
      if ((await runner.lag()) === 0n && (await blocks.lag()) === 0n) return;
      if (tries === 300) throw new Error('the projections never applied the last event');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends a hub call from a wallet; answers the ISO time of the block that mined it. */
  async function hubCall(wallet: number, fn: string, args: unknown[], value?: bigint): Promise<string> {
    const hash = await callFixture(anvil.wallets[wallet], hub, 'StakeHub', fn, args, { value });
    expect(await waitMined(anvil, hash)).toBe('success');
    return minedAt(hash);
  }
  async function minedAt(hash: Hex): Promise<string> {
    const { blockNumber } = await anvil.publicClient.getTransactionReceipt({ hash });
    const block = await anvil.publicClient.getBlock({ blockNumber });
    return new Date(Number(block.timestamp) * 1000).toISOString();
  }
  /** A position as the route answers it: the interface's fields, with stakedWei kept beside stakedAmountWei. */
  const item = (
    address: Address,
    p: { validatorId: Address; status: string; stakedWei: bigint; shares: bigint; rewardsWei: bigint },
    updatedAt: string,
    unlockTimeMs?: bigint,
  ) => ({
    chain: 'smartchain',
    address,
    ...p,
    stakedAmountWei: p.stakedWei,
    updatedAt,
    ...(unlockTimeMs === undefined ? {} : { unlockTimeMs, unfreezeExpireTimeMs: unlockTimeMs }),
  });
  /** A native transfer prepare-sign would build for the delegator: its refusals are the reference. */
  const transfer = (overrides: Record<string, unknown>) =>
    t.post('/api/txs/prepare-sign', {
      chain: 'smartchain',
      from: delegator,
      to: operator,
      txType: 'TRANSFER_NATIVE',
      amountWei: 1,
      ...overrides,
    });

  const positions = async (address: string, chain = 'smartchain') => {
    const res = await t.get(`/api/staking/positions/${address}?chain=${chain}`);
    return res;
  };
  const build = (body: Record<string, unknown>) =>
    t.post('/api/staking/undelegate/build', {
      chain: 'smartchain',
      from: delegator,
      validatorId: operator,
      ...body,
    });

  beforeAll(async () => {
    anvil = await startTestAnvil();
    operator = anvil.accounts[1].address;
    delegator = anvil.accounts[2].address;
    consensus = anvil.accounts[8].address;
    hub = getAddress(await deployFixture(anvil, 'StakeHub', [UNBOND_SECONDS, 10n ** 15n]));
    t = await startStakingTestApp([
      { id: 'smartchain', rpcUrl: anvil.rpcUrl, stakeHub: hub },
      { id: 'ethereum', rpcUrl: anvil.rpcUrl },
    ]);
    store = new PostgresEventStore(t.db.pool);
    indexer = stakeHubIndexer(anvil.rpcUrl, store, hub);
    runner = new ConsumerRunner({ db: t.db, eventStore: store, consumer: stakingProjection });
    // The indexed head, at which a first positions request reads the node (EvmStakeRows).
    blocks = new ConsumerRunner({ db: t.db, eventStore: store, consumer: blocksProjection });
    validatorCreatedAt = await hubCall(1, 'createValidator', [consensus, 0], ETH); // 1e18 shares for 1 ETH
  });
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it('documents both routes and both build answers in the OpenAPI document', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).body) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
      >;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/staking/positions/{address}', '/api/staking/undelegate/build']),
    );
    const build =
      doc.paths['/api/staking/undelegate/build'].post.responses['200'].content['application/json'];
    expect((build.schema as { properties: { data: unknown } }).properties.data).toEqual({
      anyOf: [
        { $ref: '#/components/schemas/UndelegateBuildResult' },
        { $ref: '#/components/schemas/TronUndelegateBuildResult' },
      ],
    });
    const positions =
      doc.paths['/api/staking/positions/{address}'].get.responses['200'].content['application/json'];
    expect((positions.schema as { properties: { data: unknown } }).properties.data).toEqual({
      $ref: '#/components/schemas/StakingPositionsResult',
    });

    // The interface's fields, typed as the wire carries them.
    const schema = (name: string) =>
      doc.components.schemas[name] as {
        properties: Record<string, Record<string, unknown>>;
        required: string[];
      };
    const position = schema('StakingPosition');
    expect(position.properties).toMatchObject({
      chain: { type: 'string' },
      address: { type: 'string' },
      validatorId: { type: 'string', nullable: true },
      stakedAmountWei: { type: 'integer' },
      stakedWei: { type: 'integer' },
      rewardsWei: { type: 'integer' },
      status: { enum: ['STAKED', 'UNBONDING', 'UNFREEZING', 'WITHDRAWABLE'] },
      updatedAt: { type: 'string', format: 'date-time' },
      unfreezeExpireTimeMs: { type: 'integer' },
    });
    expect(position.required).toEqual(
      expect.arrayContaining([
        'chain',
        'address',
        'validatorId',
        'stakedAmountWei',
        'rewardsWei',
        'status',
        'updatedAt',
      ]),
    );
    expect(position.required).not.toContain('unfreezeExpireTimeMs');
    const interfaceFields = ['chain', 'from', 'to', 'valueWei', 'fee', 'chainId', 'data', 'nonce'];
    for (const name of ['UndelegateBuildResult', 'TronUndelegateBuildResult']) {
      expect(schema(name).required).toEqual(expect.arrayContaining(interfaceFields));
    }
    const tron = schema('TronUndelegateBuildResult').properties;
    for (const key of ['to', 'chainId', 'data', 'nonce']) expect(tron[key]).toMatchObject({ nullable: true });
    for (const name of ['UndelegateFeeDto', 'TronUndelegateFeeDto']) {
      expect(schema(name).required).toEqual(
        expect.arrayContaining(['mode', 'gasLimit', 'maxPriorityFeePerGas', 'maxFeePerGas', 'gasPrice']),
      );
    }
    expect(schema('TronUndelegateFeeDto').properties.mode).toMatchObject({ type: 'string', enum: ['TRON'] });
  });

  it('reports staking as a capability of the chains with a hub only', () => {
    const capabilities = t.app.get(ChainCapabilities);
    expect(capabilities.forChain('smartchain').staking).toBe(true);
    expect(capabilities.forChain('ethereum').staking).toBe(false);
  });

  it('delegates, undelegates through the build route, and claims after the unbond period', async () => {
    // A delegation signed by the delegator's key (viem signs locally and sends the raw transaction).
    const delegatedAt = await hubCall(2, 'delegate', [operator, false], 2n * ETH); // 2e18 shares
    await hubCall(3, 'distributeReward', [consensus], (3n * ETH) / 10n); // 3e18 shares now worth 3.3 ETH
    await sync();

    let res = await positions(delegator);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      chain: 'smartchain',
      address: delegator,
      positions: [
        // 2 ETH of principal; its shares are worth 2 × 3.3 / 3 = 2.2 ETH: 0.2 ETH of rewards. The reward
        // distribution is no operation of the delegator's: updatedAt is the delegation's block time.
        {
          chain: 'smartchain',
          address: delegator,
          validatorId: operator,
          status: 'STAKED',
          stakedAmountWei: 2n * ETH,
          stakedWei: 2n * ETH,
          shares: 2n * ETH,
          rewardsWei: ETH / 5n,
          updatedAt: delegatedAt,
        },
      ],
    });

    const built = await build({ amountWei: (11n * ETH) / 10n });
    expect(built.status).toBe(200);
    const data = built.json.data as unknown as Prepared;
    expect(data).toMatchObject({
      chain: 'smartchain',
      chainId: 31337n,
      from: delegator,
      to: hub,
      valueWei: 0n,
      txType: 'UNDELEGATE',
      validatorId: operator,
      shares: ETH, // 1.1 ETH at 3.3 ETH per 3e18 shares
      amountWei: (11n * ETH) / 10n,
    });
    expect(data.fee.gasLimit).toBeGreaterThan(21_000n);
    const hash = await anvil.publicClient.sendRawTransaction({
      serializedTransaction: await sign(data, anvil.accounts[2].privateKey),
    });
    expect(await waitMined(anvil, hash)).toBe('success');
    await sync();

    const undelegateBlock = await anvil.publicClient.getBlock({
      blockNumber: (await anvil.publicClient.getTransactionReceipt({ hash })).blockNumber,
    });
    const unlockTimeMs = Number((undelegateBlock.timestamp + UNBOND_SECONDS) * 1000n);
    const undelegatedAt = await minedAt(hash);
    res = await positions(delegator);
    expect(res.json.data.positions).toEqual([
      // Half the shares out: half the principal stays; they are worth 1.1 ETH.
      item(
        delegator,
        { validatorId: operator, status: 'STAKED', stakedWei: ETH, shares: ETH, rewardsWei: ETH / 10n },
        undelegatedAt,
      ),
      item(
        delegator,
        {
          validatorId: operator,
          status: 'UNBONDING',
          stakedWei: (11n * ETH) / 10n,
          shares: ETH,
          rewardsWei: 0n,
        },
        undelegatedAt,
        BigInt(unlockTimeMs),
      ),
    ]);

    // Too early: the hub refuses the claim.
    await expect(callFixture(anvil.wallets[2], hub, 'StakeHub', 'claim', [operator, 0n])).rejects.toThrow();
    await anvil.testClient.increaseTime({ seconds: Number(UNBOND_SECONDS) });
    await anvil.testClient.mine({ blocks: 1 });
    await sync();
    res = await positions(delegator);
    expect((res.json.data.positions as { status: string }[]).map((p) => p.status)).toEqual([
      'STAKED',
      'WITHDRAWABLE',
    ]);

    const before = await anvil.publicClient.getBalance({ address: delegator });
    await hubCall(2, 'claim', [operator, 0n]);
    expect(await anvil.publicClient.getBalance({ address: delegator })).toBeGreaterThan(before + ETH);
    await sync();
    res = await positions(delegator);
    // The claim paid the unbond; it changed nothing of the delegation, whose last operation stays the undelegation.
    expect(res.json.data.positions).toEqual([
      item(
        delegator,
        { validatorId: operator, status: 'STAKED', stakedWei: ETH, shares: ETH, rewardsWei: ETH / 10n },
        undelegatedAt,
      ),
    ]);

    // The operator's own self-delegation is a position too.
    expect((await positions(operator.toLowerCase())).json.data).toEqual({
      chain: 'smartchain',
      address: operator,
      positions: [
        item(
          operator,
          { validatorId: operator, status: 'STAKED', stakedWei: ETH, shares: ETH, rewardsWei: ETH / 10n },
          validatorCreatedAt,
        ),
      ],
    });
  });

  it('builds an undelegation of every share, or of shares given', async () => {
    const all = await build({ all: true });
    expect(all.json.data).toMatchObject({ shares: ETH, amountWei: (11n * ETH) / 10n });
    const some = await build({ shares: '400000000000000000' });
    expect(some.json.data).toMatchObject({ shares: 4n * 10n ** 17n, amountWei: 44n * 10n ** 16n });
  });

  it('builds with the interface fields and their wire types', async () => {
    const res = await build({ all: true });
    expect(res.status).toBe(200);
    const data = res.json.data;
    // Integers are JSON number literals (bigints once parsed exactly), as prepare-sign answers them.
    expect(data).toMatchObject({
      chain: 'smartchain',
      from: delegator,
      to: hub,
      valueWei: 0n,
      chainId: 31337n,
    });
    expect(typeof data.nonce).toBe('bigint');
    expect(data.data).toMatch(/^0x[0-9a-f]+$/);
    expect(data.fee).toEqual({
      mode: 'EIP1559',
      gasLimit: expect.any(BigInt),
      baseFeePerGas: expect.any(BigInt),
      maxPriorityFeePerGas: expect.any(BigInt),
      maxFeePerGas: expect.any(BigInt),
      gasPrice: null,
    });
  });

  it('builds with the nonce and fee overrides applied as prepare-sign applies them', async () => {
    const pending = await anvil.publicClient.getTransactionCount({ address: delegator, blockTag: 'pending' });
    const standard = (await build({ all: true })).json.data as unknown as Prepared;
    expect(standard.nonce).toBe(BigInt(pending));

    // A nonce given is the built transaction's, even one ahead of the pending nonce (a queued replacement).
    const ahead = await build({ all: true, nonce: pending + 7 });
    expect([ahead.status, ahead.json.data.nonce]).toEqual([200, BigInt(pending + 7)]);

    // The tip given replaces the standard one; maxFeePerGas keeps the base-fee headroom, as on prepare-sign.
    const tip = 3_000_000_007n;
    const tipped = (await build({ all: true, maxPriorityFeePerGasWei: tip })).json
      .data as unknown as Prepared;
    const tippedTransfer = (await transfer({ maxPriorityFeePerGasWei: tip })).json
      .data as unknown as Prepared;
    expect(tipped.fee.maxPriorityFeePerGas).toBe(tip);
    expect(tipped.fee.maxFeePerGas).toBe(standard.fee.maxFeePerGas - standard.fee.maxPriorityFeePerGas + tip);
    expect(tipped.fee.maxFeePerGas).toBe(tippedTransfer.fee.maxFeePerGas);

    // The multiplier scales the standard tip (rounded up; ×2 is exact).
    const doubled = (await build({ all: true, priorityFeeMultiplier: '2' })).json.data as unknown as Prepared;
    expect(doubled.fee.maxPriorityFeePerGas).toBe(2n * standard.fee.maxPriorityFeePerGas);
    expect(doubled.fee.maxFeePerGas).toBe(standard.fee.maxFeePerGas + standard.fee.maxPriorityFeePerGas);
    const doubledTransfer = (await transfer({ priorityFeeMultiplier: '2' })).json.data as unknown as Prepared;
    expect(doubled.fee.maxFeePerGas).toBe(doubledTransfer.fee.maxFeePerGas);
  });

  it.each([
    ['a negative nonce', { nonce: -1 }],
    ['a fractional nonce', { nonce: 1.5 }],
    ['a nonce past 2^53 - 1', { nonce: 2n ** 53n }],
    ['a nonce that is no number', { nonce: 'next' }],
    ['a negative tip', { maxPriorityFeePerGasWei: -1 }],
    ['a tip beyond uint256', { maxPriorityFeePerGasWei: 2n ** 256n }],
    ['a zero multiplier', { priorityFeeMultiplier: '0' }],
    ['a multiplier above 10', { priorityFeeMultiplier: 11 }],
    ['a multiplier with 7 fractional digits', { priorityFeeMultiplier: '1.0000001' }],
    ['a multiplier that is no decimal', { priorityFeeMultiplier: 'double' }],
    ['a tip and a multiplier', { maxPriorityFeePerGasWei: 1, priorityFeeMultiplier: '1.1' }],
  ])("refuses a build with %s, with prepare-sign's status and code", async (_label, overrides) => {
    const res = await build({ all: true, ...overrides });
    const reference = await transfer(overrides);
    expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect([res.status, res.json.code]).toEqual([reference.status, reference.json.code]);
  });

  it.each([
    ['a chain without a hub', { chain: 'ethereum', all: true }, 400, 'STAKING_NOT_SUPPORTED'],
    ['an unknown chain', { chain: 'nochain', all: true }, 400, 'UNKNOWN_CHAIN'],
    [
      'an unknown operator',
      { validatorId: '0x000000000000000000000000000000000000dEaD', all: true },
      400,
      'UNKNOWN_VALIDATOR',
    ],
    ['a malformed operator', { validatorId: 'validator', all: true }, 400, 'INVALID_ADDRESS'],
    [
      'a delegator without stake',
      { from: '0x000000000000000000000000000000000000bEEF', all: true },
      400,
      'NOTHING_STAKED',
    ],
    ['more shares than held', { shares: 2n * ETH }, 400, 'INSUFFICIENT_STAKE'],
    ['more wei than staked', { amountWei: 5n * ETH }, 400, 'INSUFFICIENT_STAKE'],
    ['two amounts', { all: true, shares: 1n }, 400, 'VALIDATION_ERROR'],
    ['no operator', { validatorId: null, all: true }, 400, 'VALIDATION_ERROR'],
    [
      'a Tron receiver',
      { all: true, receiver: '0x000000000000000000000000000000000000bEEF' },
      400,
      'VALIDATION_ERROR',
    ],
    ['no amount', {}, 400, 'VALIDATION_ERROR'],
    ['zero shares', { shares: 0 }, 400, 'VALIDATION_ERROR'],
    ['shares beyond uint256', { shares: 2n ** 256n }, 400, 'VALIDATION_ERROR'],
  ])('refuses a build with %s', async (_label, body, status, code) => {
    const res = await build(body);
    expect([res.status, res.json.code]).toEqual([status, code]);
  });

  it('refuses positions on a chain without staking and a bad address', async () => {
    expect((await positions(delegator, 'ethereum')).json.code).toBe('STAKING_NOT_SUPPORTED');
    expect((await positions('0x12', 'smartchain')).json.code).toBe('INVALID_ADDRESS');
    expect((await positions(delegator, 'nochain')).status).toBe(400);
  });

  it('values only indexed shares, and forgets delegations whose blocks a reorg orphaned', async () => {
    const late = anvil.accounts[4].address;
    await hubCall(4, 'delegate', [operator, false], ETH);
    await sync();
    expect((await positions(late)).json.data.positions).toEqual([
      expect.objectContaining({ validatorId: operator, status: 'STAKED', stakedWei: ETH }),
    ]);
    // A delegation the indexer has not seen yet is not taken for a reward: rewards value the indexed shares.
    await hubCall(4, 'delegate', [operator, false], ETH);
    expect((await positions(late)).json.data.positions).toEqual([
      expect.objectContaining({ stakedWei: ETH, rewardsWei: 0n }),
    ]);
    await reorg(anvil, 2); // both delegations' blocks are replaced by empty ones
    await sync();
    expect((await positions(late)).json.data.positions).toEqual([]);
  });

  it('rebuilds the same rows with cli replay', async () => {
    await sync();
    const rows = () =>
      t.db.pool
        .query('SELECT * FROM staking_operations ORDER BY chain, block_number, ordinal, owner')
        .then((r) => r.rows);
    const before = await rows();
    const operations = before.map((r: { operation: string }) => r.operation);
    expect(operations.filter((o: string) => o !== 'observed')).toEqual([
      'delegate',
      'delegate',
      'undelegate',
      'claim',
    ]);
    // The first positions request of each delegator recorded what the node held.
    expect(operations).toContain('observed');
    await replayProjection({ db: t.db, eventStore: store, projection: stakingProjection });
    expect(await rows()).toEqual(before);
  });
});

interface Prepared {
  chainId: bigint;
  nonce: bigint;
  to: Address;
  valueWei: bigint;
  data: Hex;
  fee: {
    mode: string;
    gasLimit: bigint;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
    gasPrice: bigint;
  };
}

/** Signs an undelegate build answer as a wallet would, offline. */
function sign(prepared: Prepared, privateKey: Hex): Promise<Hex> {
  const account = privateKeyToAccount(privateKey);
  expect(prepared.fee.mode).toBe('EIP1559');
  return account.signTransaction({
    type: 'eip1559',
    chainId: Number(prepared.chainId),
    nonce: Number(prepared.nonce),
    to: prepared.to,
    value: prepared.valueWei,
    data: prepared.data,
    gas: prepared.fee.gasLimit,
    maxFeePerGas: prepared.fee.maxFeePerGas,
    maxPriorityFeePerGas: prepared.fee.maxPriorityFeePerGas,
  });
}
