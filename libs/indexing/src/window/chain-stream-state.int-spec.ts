import { chainStream, type TransferObservedData } from '@chainwire/chain-events';
import type { Database } from '@chainwire/core';
import { type EventStore, PostgresEventStore } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { windowBlockEvents, windowBlockReverts } from '../window-block-events';
import { loadChainStreamState, type WindowBlock } from './chain-stream-state';

/** The window an indexer keeps with finality depth 12. */
const DEPTH = 13;

const hash = (chain: string, n: number, fork = 0) =>
  `0x${chain === 'busy' ? 'b' : 'c'}${(fork * 1_000_000 + n).toString(16).padStart(63, '0')}`;

/** Block `n` of `fork` with `transfers` ERC-20 transfers, its parent block n − 1 of `parentFork`. */
function block(chain: string, n: number, transfers: number, fork = 0, parentFork = fork): WindowBlock {
  const base = {
    chain,
    blockNumber: String(n),
    blockHash: hash(chain, n, fork),
    timestamp: 1_700_000_000 + n,
  };
  return {
    number: BigInt(n),
    hash: hash(chain, n, fork),
    parentHash: hash(chain, n - 1, parentFork),
    timestamp: base.timestamp,
    incarnation: '',
    transfers: Array.from({ length: transfers }, (_, i): TransferObservedData => ({
      ...base,
      txHash: hash(chain, n * 1000 + i, 7),
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

/** Counts the events the load reads back, through the real store. */
function counting(store: EventStore): { store: EventStore; read: () => number } {
  let read = 0;
  const wrapped = {
    streamVersion: (stream: string) => store.streamVersion(stream),
    readStream: async (...args: Parameters<EventStore['readStream']>) => {
      const events = await store.readStream(...args);
      read += events.length;
      return events;
    },
  } as unknown as EventStore;
  return { store: wrapped, read: () => read };
}

describe('loadChainStreamState on chains of busy blocks', () => {
  let db: Database;
  let store: PostgresEventStore;
  const versions = new Map<string, bigint>();

  const append = async (chain: string, events: ReturnType<typeof windowBlockEvents>) => {
    const version = versions.get(chain) ?? -1n;
    await store.appendToStream(chainStream(chain), events, { expectedVersion: version });
    versions.set(chain, version + BigInt(events.length));
  };
  const blocks = (chain: string, from: number, sizes: readonly number[], fork = 0, parentFork = fork) =>
    sizes.flatMap((size, i) =>
      windowBlockEvents(chain, block(chain, from + i, size, fork, i === 0 ? parentFork : fork)),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  it('rebuilds the window from the tail, not the whole stream', async () => {
    // 300 blocks of 40 transfers: 12,300 events, and the first chunk of 2,000 starts inside a block.
    for (let n = 0; n < 300; n += 50) await append('busy', blocks('busy', n, Array(50).fill(40)));
    const reader = counting(store);
    const state = await loadChainStreamState(reader.store, chainStream('busy'), DEPTH);
    expect(state.version).toBe(versions.get('busy'));
    expect(state.window.map((b) => Number(b.number))).toEqual(range(287, DEPTH));
    expect(state.window.every((b) => b.transfers.length === 40)).toBe(true);
    expect(state.window.at(-1)!.hash).toBe(hash('busy', 299));
    expect(state.complete).toBe(false);
    expect(reader.read()).toBe(2_000);
  });

  it('remembers every hash reverted inside the window, though the tail after the reorg fills a chunk', async () => {
    const chain = 'reorged';
    for (let n = 0; n < 300; n += 50) await append(chain, blocks(chain, n, Array(50).fill(40)));
    // A reorg of heights 295–299, then 13 blocks (295–307 on the new fork) of exactly 2,000 events: the
    // first chunk read back starts at the first replacement block, after the reverts.
    const orphans = range(295, 5).map((n) => block(chain, n, 40));
    await append(
      chain,
      [...orphans].reverse().flatMap((orphan) => windowBlockReverts(chain, orphan)),
    );
    await append(chain, blocks(chain, 295, [...Array(12).fill(152), 163], 1, 0));
    const reader = counting(store);
    const state = await loadChainStreamState(reader.store, chainStream(chain), DEPTH);
    expect(state.window.map((b) => b.hash)).toEqual(range(295, DEPTH).map((n) => hash(chain, n, 1)));
    for (const n of range(295, 5)) expect(state.revertedHashes.has(hash(chain, n))).toBe(true);
    expect(reader.read()).toBeLessThan(8_000);
  });
});

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}
