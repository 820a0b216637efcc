import { encodeFunctionData, erc20Abi, getAddress, keccak256, type Address, type Hex } from 'viem';
import type { Database } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import {
  type ChainEvent,
  chainStream,
  OBSERVED_EVENT_ID_KEY,
  TRANSACTION_OBSERVED,
  TRANSACTION_REVERTED,
} from '@chainwire/chain-events';
import { createTestDatabase } from '@test/support/test-database';
import { deployFixture, reorg, startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { EvmIndexer } from './evm-indexer';
import { waitForReceipt } from '@chainwire/chains';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';

describe('EvmIndexer watching contracts', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  let watched: Address;
  let other: Address;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    watched = getAddress(await deployFixture(anvil, 'DemoToken', ['Watched', 'WAT', 18]));
    other = await deployFixture(anvil, 'DemoToken', ['Other', 'OTH', 18]);
  });
  afterAll(async () => {
    await anvil?.stop();
    await db?.close();
  });

  const read = (chain: string) => store.readStream<ChainEvent>(chainStream(chain));

  /** A call sent with a fixed gas limit, so a reverting one is mined too. */
  async function call(to: Address, data: Hex): Promise<Hex> {
    const hash = await anvil.wallets[1].sendTransaction({ to, data, gas: 100_000n });
    await waitForReceipt(anvil.publicClient, hash);
    return hash;
  }

  it('records transactions to watched contracts only, reverted ones too, and reverts them on a reorg after a restart', async () => {
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [anvil.accounts[2].address, 5n],
    });
    const tooMuch = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [anvil.accounts[2].address, 1n],
    });
    const ok = await call(watched, approve);
    const reverted = await call(watched, tooMuch); // the sender holds none
    await call(other, approve);

    const plain = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'plain',
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
    });
    await plain.syncOnce();
    expect((await read('plain')).filter((e) => e.type === TRANSACTION_OBSERVED)).toEqual([]);

    const options = {
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'watching',
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      watchedContracts: [watched.toLowerCase()],
    };
    await new EvmIndexer(options).syncOnce();
    const observed = (await read('watching')).filter((e) => e.type === TRANSACTION_OBSERVED);
    expect(observed.map((e) => e.data)).toEqual([
      expect.objectContaining({
        txHash: ok,
        from: anvil.accounts[1].address,
        to: watched,
        inputHash: keccak256(approve),
        status: 'success',
      }),
      expect.objectContaining({ txHash: reverted, inputHash: keccak256(tooMuch), status: 'reverted' }),
    ]);

    // A fresh instance rebuilds its window from the stream, watched transactions included.
    await reorg(anvil, 3);
    await new EvmIndexer(options).syncOnce();
    const reverts = (await read('watching')).filter((e) => e.type === TRANSACTION_REVERTED);
    expect(reverts.map((e) => [e.data.txHash, e.metadata[OBSERVED_EVENT_ID_KEY]])).toEqual([
      [reverted, observed[1].id],
      [ok, observed[0].id],
    ]);
  });
});
