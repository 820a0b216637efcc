import { chainStream, BLOCK_INDEXED, type TransferObservedData } from '@chainwire/chain-events';
import { type Database, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES } from '@chainwire/core';
import { type EventStore, type NewEvent, PostgresEventStore } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { serialisedEventBytes } from './append-byte-limit';
import { loadChainStreamState, type ChainStreamState, type WindowBlock } from './window/chain-stream-state';
import { appendWindowStep, windowBlockEvents } from './window-block-events';

const DEPTH = 13;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** Block `n` with `transfers` ERC-20 transfers. */
function block(n: number, transfers: number): WindowBlock {
  const base = { chain: 'bytes', blockNumber: String(n), blockHash: hash(n), timestamp: 1_700_000_000 + n };
  return {
    number: BigInt(n),
    hash: hash(n),
    parentHash: hash(n - 1),
    timestamp: base.timestamp,
    incarnation: '',
    transfers: Array.from({ length: transfers }, (_, i): TransferObservedData => ({
      ...base,
      txHash: hash(n * 10_000 + i + 1),
      ref: `log:${i}`,
      kind: 'erc20',
      asset: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      from: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
      to: `0x${(0x10000 + i).toString(16).padStart(40, '0')}`,
      amount: String(1000 + i),
    })),
    stakeOperations: [],
  };
}

const emptyState = (): ChainStreamState => ({
  version: -1n,
  window: [],
  complete: true,
  firstBlock: undefined,
  revertedHashes: new Set(),
});

/** The store with its appends recorded (their event counts and bytes); `failAt` makes the n-th append fail. */
function recording(store: EventStore, failAt?: number) {
  const appends: { events: number; bytes: number }[] = [];
  const recorded: EventStore = Object.create(store) as EventStore;
  recorded.appendToStream = async (stream, events, options) => {
    if (appends.length + 1 === failAt) {
      appends.push({ events: -1, bytes: 0 });
      throw new Error('connection terminated unexpectedly');
    }
    appends.push({
      events: events.length,
      bytes: events.reduce((n, e) => n + serialisedEventBytes(e as NewEvent), 0),
    });
    return store.appendToStream(stream, events, options);
  };
  return { store: recorded, appends };
}

// Appends fit EVENT_STORE_MAX_APPEND_BYTES by serialised bytes, not only by count (issue #41, defect 3), and
// are cut only between blocks, which the stream's state can be rebuilt from after a crash between two.
describe('appendWindowStep by bytes', () => {
  let db: Database;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('splits a step over the limit into appends of whole blocks, each within it', async () => {
    const chain = `bytes${Date.now()}a`;
    const blocks = Array.from({ length: 12 }, (_, i) => block(i + 1, 40));
    const blockBytes = windowBlockEvents(chain, blocks[0]).reduce((n, e) => n + serialisedEventBytes(e), 0);
    const limit = Math.floor(blockBytes * 3.5); // three blocks fit, a fourth does not
    const { store: recorded, appends } = recording(store);
    const state = emptyState();
    const result = await appendWindowStep(
      recorded,
      chain,
      state,
      { orphans: [], indexed: blocks },
      DEPTH,
      limit,
    );

    expect(appends.map((a) => a.events)).toEqual([123, 123, 123, 123]);
    expect(appends.every((a) => a.bytes <= limit)).toBe(true);
    expect(result).toMatchObject({ transfers: 12 * 40, appends: 4 });
    expect(result.bytes).toBe(appends.reduce((n, a) => n + a.bytes, 0));
    expect(state.version).toBe(BigInt(12 * 41 - 1));
    const stored = await store.readStream(chainStream(chain));
    expect(stored).toHaveLength(12 * 41);
    // Each append starts with a block's BlockIndexed: no block is cut.
    let offset = 0;
    for (const a of appends) {
      expect(stored[offset].type).toBe(BLOCK_INDEXED);
      offset += a.events;
    }
  });

  it('appends in one append what fits, and a block alone over the limit alone', async () => {
    const chain = `bytes${Date.now()}b`;
    const { store: recorded, appends } = recording(store);
    await appendWindowStep(
      recorded,
      chain,
      emptyState(),
      { orphans: [], indexed: [block(1, 5), block(2, 5)] },
      DEPTH,
      DEFAULT_EVENT_STORE_MAX_APPEND_BYTES,
    );
    expect(appends.map((a) => a.events)).toEqual([12]);

    const big = recording(store);
    const state = await loadChainStreamState(store, chainStream(chain), DEPTH);
    const next = [block(3, 1), block(4, 200), block(5, 1)];
    const bigBytes = windowBlockEvents(chain, next[1]).reduce((n, e) => n + serialisedEventBytes(e), 0);
    await appendWindowStep(
      big.store,
      chain,
      state,
      { orphans: [], indexed: next },
      DEPTH,
      Math.floor(bigBytes / 2),
    );
    expect(big.appends.map((a) => a.events)).toEqual([2, 201, 2]);
  });

  it('resumes after a failure between two appends from whole blocks, storing every event once', async () => {
    const chain = `bytes${Date.now()}c`;
    const blocks = Array.from({ length: 6 }, (_, i) => block(i + 1, 20));
    const blockBytes = windowBlockEvents(chain, blocks[0]).reduce((n, e) => n + serialisedEventBytes(e), 0);
    const limit = blockBytes * 2;
    const failing = recording(store, 2);
    await expect(
      appendWindowStep(failing.store, chain, emptyState(), { orphans: [], indexed: blocks }, DEPTH, limit),
    ).rejects.toThrow('connection terminated');

    // As an indexer does after a failed round: the state is read back from the stream.
    const state = await loadChainStreamState(store, chainStream(chain), DEPTH);
    expect(state.window.map((b) => Number(b.number))).toEqual([1, 2]);
    expect(state.window.map((b) => b.transfers.length)).toEqual([20, 20]);
    const rest = blocks.filter((b) => b.number > state.window.at(-1)!.number);
    await appendWindowStep(store, chain, state, { orphans: [], indexed: rest }, DEPTH, limit);
    const stored = await store.readStream(chainStream(chain));
    expect(stored).toHaveLength(6 * 21);
    expect(new Set(stored.map((e) => e.id)).size).toBe(6 * 21);
  });
});
