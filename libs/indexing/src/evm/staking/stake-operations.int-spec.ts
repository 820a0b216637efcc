import type { Address } from 'viem';
import type { Database } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import {
  chainStream,
  isStakeOperationEvent,
  isStakeOperationObserved,
  isStakeOperationReverted,
  type StakeOperationEvent,
} from '@chainwire/chain-events';
import { createTestDatabase } from '@test/support/test-database';
import {
  callFixture,
  deployFixture,
  reorg,
  startTestAnvil,
  waitMined,
  type TestAnvil,
} from '@test/support/anvil';
import { EvmIndexer, type EvmIndexerOptions } from '../evm-indexer';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../../testing/indexer-settings-for-code';

const ETH = 10n ** 18n;
const UNBOND_SECONDS = 3600n;

describe('EvmIndexer with a stake hub', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  let hub: Address;
  let operator: Address;
  let delegator: Address;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    operator = anvil.accounts[1].address;
    delegator = anvil.accounts[2].address;
    hub = await deployFixture(anvil, 'StakeHub', [UNBOND_SECONDS, 10n ** 15n]);
    const consensus = anvil.accounts[8].address;
    const send = async (wallet: number, fn: string, args: unknown[], value?: bigint) => {
      expect(
        await waitMined(
          anvil,
          await callFixture(anvil.wallets[wallet], hub, 'StakeHub', fn, args, { value }),
        ),
      ).toBe('success');
    };
    await send(1, 'createValidator', [consensus, 0], ETH); // self-delegation: 1e18 shares
    await send(2, 'delegate', [operator, false], 2n * ETH); // 2e18 shares
    await send(3, 'distributeReward', [consensus], (3n * ETH) / 10n); // the pool is worth 3.3 ETH for 3e18 shares
    await send(2, 'undelegate', [operator, ETH]); // 1e18 shares → 1.1 ETH
    await anvil.testClient.increaseTime({ seconds: Number(UNBOND_SECONDS) + 1 });
    await send(2, 'claim', [operator, 0n]);
  });
  afterAll(async () => {
    await anvil?.stop();
    await db?.close();
  });

  const stakeEvents = async (chain: string) =>
    (await store.readStream<StakeOperationEvent>(chainStream(chain))).filter((e) => isStakeOperationEvent(e));

  /** One pass of an indexer of `chain` on the test node, following the hub unless `options` say otherwise. */
  const indexOnce = (chain: string, options: Partial<EvmIndexerOptions> = {}) =>
    new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      stakeHub: hub,
      ...options,
    }).syncOnce();

  it("appends the hub's Delegated / Undelegated / Claimed logs as stake operations, exact", async () => {
    const chain = 'staking';
    await indexOnce(chain);
    const events = await stakeEvents(chain);
    expect(events.every((e) => isStakeOperationObserved(e))).toBe(true);
    const receipts = await Promise.all(
      events.map((e) => anvil.publicClient.getTransactionReceipt({ hash: e.data.txHash as `0x${string}` })),
    );
    const undelegateBlock = await anvil.publicClient.getBlock({
      blockNumber: BigInt(events[2].data.blockNumber),
    });
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        operation: 'delegate',
        owner: operator,
        validator: operator,
        amount: `${ETH}`,
        shares: `${ETH}`,
      }),
      expect.objectContaining({
        operation: 'delegate',
        owner: delegator,
        validator: operator,
        amount: `${2n * ETH}`,
        shares: `${2n * ETH}`,
      }),
      expect.objectContaining({
        operation: 'undelegate',
        owner: delegator,
        validator: operator,
        amount: `${(11n * ETH) / 10n}`,
        shares: `${ETH}`,
        unlockTimeMs: Number((undelegateBlock.timestamp + UNBOND_SECONDS) * 1000n),
      }),
      expect.objectContaining({
        operation: 'claim',
        owner: delegator,
        validator: operator,
        amount: `${(11n * ETH) / 10n}`,
      }),
    ]);
    events.forEach((e, i) => {
      expect(e.data).toMatchObject({
        chain,
        blockHash: receipts[i].blockHash,
        blockNumber: receipts[i].blockNumber.toString(),
        ref: `log:${receipts[i].logs.find((l) => l.address.toLowerCase() === hub.toLowerCase() && l.topics.length === 3)!.logIndex}`,
      });
    });
    expect(events[3].data.shares).toBeUndefined();
  });

  it('appends none without a configured hub', async () => {
    await indexOnce('nohub', { stakeHub: undefined });
    expect(await stakeEvents('nohub')).toEqual([]);
  });

  it('reverts the operations of an orphaned block, also after a restart', async () => {
    const chain = 'stakereorg';
    await indexOnce(chain, { finalityDepth: 4 });
    const before = await stakeEvents(chain);
    const claim = before[before.length - 1];
    expect(claim.data.operation).toBe('claim');
    // The claim's block is replaced by an empty one; a fresh indexer rebuilds its window from the stream.
    await reorg(anvil, 1);
    await indexOnce(chain, { finalityDepth: 4 });
    const added = (await stakeEvents(chain)).slice(before.length);
    expect(added.map((e) => [e.type, e.data])).toEqual([['StakeOperationReverted', claim.data]]);
    expect(isStakeOperationReverted(added[0])).toBe(true);
  });
});
