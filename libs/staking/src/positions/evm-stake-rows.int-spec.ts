import { type Address, getAddress } from 'viem';
import { stakeCreditAbi, stakeHubAbi } from '@chainwire/chains';
import { PostgresEventStore } from '@chainwire/event-store';
import type { EvmIndexer } from '@chainwire/indexing';
import { blocksProjection } from '@chainwire/blocks';
import { ConsumerRunner, replayProjection } from '@chainwire/consumers';
import {
  callFixture,
  deployFixture,
  reorg,
  startTestAnvil,
  type TestAnvil,
  waitMined,
} from '@test/support/anvil';
import { type PrunedStateProxy, startPrunedStateProxy } from '@test/support/pruned-state-proxy';
import { stakeHubIndexer } from '../testing/stake-hub-indexer';
import { startStakingTestApp, type StakingTestApp } from '../testing/staking-test-app';
import { stakingProjection } from './staking.projection';

const ETH = 10n ** 18n;
const UNBOND_SECONDS = 7n * 24n * 3600n;

/**
 * Delegations made long before the indexer's start block, on a node that serves state for its newest
 * 128 blocks only: the first positions request reads what the node holds at the indexed head, records
 * it as a DelegationsObserved, and every answer after it equals the node's.
 */
describe('EVM positions that predate the start block', () => {
  let anvil: TestAnvil;
  let proxy: PrunedStateProxy;
  let t: StakingTestApp;
  let store: PostgresEventStore;
  let indexer: EvmIndexer;
  let runners: ConsumerRunner[];
  let hub: Address;
  let first: Address;
  let second: Address;
  let delegator: Address;

  const hubCall = async (wallet: number, fn: string, args: unknown[], value?: bigint) => {
    const hash = await callFixture(anvil.wallets[wallet], hub, 'StakeHub', fn, args, { value });
    expect(await waitMined(anvil, hash)).toBe('success');
  };
  /** Indexes to the head and applies everything appended (observations included) to both read models. */
  const sync = async () => {
    await indexer.syncOnce();
    for (let tries = 0; ; tries++) {
      await Promise.all(runners.map((r) => r.catchUp()));
      const lags = await Promise.all(runners.map((r) => r.lag()));
      if (lags.every((lag) => lag === 0n)) return;
      if (tries === 300) throw new Error('the projections never applied the last event');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const positions = async (address: Address) => {
    const res = await t.get(`/api/staking/positions/${address}?chain=smartchain`);
    expect(res.status).toBe(200);
    return res.json.data.positions as Record<string, unknown>[];
  };
  const observations = async (owner: Address) =>
    (
      await t.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE type = 'DelegationsObserved' AND data->>'owner' = $1`,
        [owner],
      )
    ).rows[0]!.n;
  /** What the node holds for (validator, delegator) now, read from anvil directly. */
  const node = async (validator: Address, owner: Address) => {
    const credit = await anvil.publicClient.readContract({
      address: hub,
      abi: stakeHubAbi,
      functionName: 'getValidatorCreditContract',
      args: [validator],
    });
    const read = (functionName: 'balanceOf' | 'getPooledBNB' | 'pendingUnbondRequest') =>
      anvil.publicClient.readContract({ address: credit, abi: stakeCreditAbi, functionName, args: [owner] });
    const [shares, pooledWei, pending] = await Promise.all([
      read('balanceOf'),
      read('getPooledBNB'),
      read('pendingUnbondRequest'),
    ]);
    const unbonds = await Promise.all(
      Array.from({ length: Number(pending) }, (_, i) =>
        anvil.publicClient.readContract({
          address: credit,
          abi: stakeCreditAbi,
          functionName: 'unbondRequest',
          args: [owner, BigInt(i)],
        }),
      ),
    );
    return { shares, pooledWei, unbonds };
  };

  beforeAll(async () => {
    anvil = await startTestAnvil();
    first = anvil.accounts[1].address;
    second = anvil.accounts[3].address;
    delegator = anvil.accounts[2].address;
    hub = getAddress(await deployFixture(anvil, 'StakeHub', [UNBOND_SECONDS, 10n ** 15n]));
    // The whole history predates the start block.
    await hubCall(1, 'createValidator', [anvil.accounts[8].address, 0], ETH);
    await hubCall(3, 'createValidator', [anvil.accounts[9].address, 1000], ETH);
    await hubCall(2, 'delegate', [first, false], 2n * ETH);
    await hubCall(4, 'distributeReward', [anvil.accounts[8].address], (3n * ETH) / 10n);
    await hubCall(2, 'undelegate', [first, ETH / 2n]);
    await hubCall(2, 'delegate', [second, false], ETH);
    await anvil.testClient.request({ method: 'anvil_mine', params: ['0x90'] } as never);
    proxy = await startPrunedStateProxy(anvil.rpcUrl);

    t = await startStakingTestApp([{ id: 'smartchain', rpcUrl: proxy.url, stakeHub: hub }]);
    store = new PostgresEventStore(t.db.pool);
    indexer = stakeHubIndexer(anvil.rpcUrl, store, hub, {
      startBlock: await anvil.publicClient.getBlockNumber(),
    });
    runners = [stakingProjection, blocksProjection].map(
      (consumer) => new ConsumerRunner({ db: t.db, eventStore: store, consumer }),
    );
    await sync();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  it("answers the node's shares, their value and the pending unbond, observed once for concurrent requests", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => positions(delegator)));
    const [withFirst, withSecond] = await Promise.all([node(first, delegator), node(second, delegator)]);
    expect(withFirst.unbonds).toHaveLength(1);
    const [unbond] = withFirst.unbonds;
    const observedAt = (answers[0]![0] as { updatedAt: string }).updatedAt;
    for (const answer of answers) {
      expect(answer).toEqual([
        // The principal of shares delegated before the start block is their value when first observed.
        expect.objectContaining({
          validatorId: first,
          status: 'STAKED',
          shares: withFirst.shares,
          stakedAmountWei: withFirst.pooledWei,
          rewardsWei: 0n,
          updatedAt: observedAt,
        }),
        expect.objectContaining({
          validatorId: second,
          status: 'STAKED',
          shares: withSecond.shares,
          stakedAmountWei: withSecond.pooledWei,
          rewardsWei: 0n,
        }),
        expect.objectContaining({
          validatorId: first,
          status: 'UNBONDING',
          shares: unbond!.shares,
          stakedAmountWei: unbond!.bnbAmount,
          unfreezeExpireTimeMs: unbond!.unlockTime * 1000n,
        }),
      ]);
    }
    // The read was pinned to the indexed head, within the node's state window.
    expect(proxy.refused).toEqual([]);
    expect(await observations(delegator)).toBe(1);
    await sync();
    await positions(delegator);
    expect(await observations(delegator)).toBe(1);
  });

  it('counts rewards from the observation, and folds the operations indexed after it', async () => {
    await hubCall(4, 'distributeReward', [anvil.accounts[8].address], ETH / 10n);
    await hubCall(2, 'undelegate', [second, ETH / 4n]);
    await sync();
    const observed = (
      await t.db.pool.query<{ observed: { delegations: { validator: string; pooledWei: string }[] } }>(
        `SELECT observed FROM staking_operations WHERE operation = 'observed' AND owner = $1`,
        [delegator],
      )
    ).rows[0]!.observed;
    const principal = (v: Address) => BigInt(observed.delegations.find((d) => d.validator === v)!.pooledWei);
    const [withFirst, withSecond] = await Promise.all([node(first, delegator), node(second, delegator)]);
    const answer = await positions(delegator);
    expect(answer.filter((p) => p.status === 'STAKED')).toEqual([
      expect.objectContaining({
        validatorId: first,
        shares: withFirst.shares,
        stakedAmountWei: principal(first),
        rewardsWei: withFirst.pooledWei - principal(first),
      }),
      // A quarter of the shares out: three quarters of the observed principal stays.
      expect.objectContaining({
        validatorId: second,
        shares: withSecond.shares,
        stakedAmountWei: (principal(second) * 3n) / 4n,
      }),
    ]);
    expect(answer.filter((p) => p.status === 'UNBONDING').map((p) => [p.validatorId, p.shares])).toEqual([
      [first, ETH / 2n],
      [second, ETH / 4n],
    ]);
  });

  it('builds an undelegation of shares delegated before the start block', async () => {
    const { shares } = await node(first, delegator);
    const built = await t.post('/api/staking/undelegate/build', {
      chain: 'smartchain',
      from: delegator,
      validatorId: first,
      all: true,
    });
    expect(built.status).toBe(200);
    expect(built.json.data).toMatchObject({ txType: 'UNDELEGATE', validatorId: first, shares });
  });

  it('takes the observation again on the new branch when a reorg removes its block', async () => {
    const operator = anvil.accounts[1].address; // self-delegated before the start block
    await positions(operator);
    expect(await observations(operator)).toBe(1);
    await reorg(anvil, 3);
    await sync();
    expect(
      (
        await t.db.pool.query(
          `SELECT 1 FROM staking_operations WHERE operation = 'observed' AND owner = $1`,
          [operator],
        )
      ).rows,
    ).toEqual([]);
    const { shares, pooledWei } = await node(first, operator);
    expect(await positions(operator)).toEqual([
      expect.objectContaining({ validatorId: first, status: 'STAKED', shares, stakedAmountWei: pooledWei }),
    ]);
    expect(await observations(operator)).toBe(2);
  });

  it('rebuilds the same rows, observations included, with cli replay', async () => {
    await sync();
    const rows = () =>
      t.db.pool
        .query('SELECT * FROM staking_operations ORDER BY chain, block_number, ordinal, owner')
        .then((r) => r.rows);
    const before = await rows();
    expect(before.filter((r: { operation: string }) => r.operation === 'observed').length).toBeGreaterThan(0);
    await replayProjection({ db: t.db, eventStore: store, projection: stakingProjection });
    expect(await rows()).toEqual(before);
  });
});
