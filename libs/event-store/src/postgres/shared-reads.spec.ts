import type { RecordedEvent } from '../event-store';
import { SharedReads } from './shared-reads';

const event = (n: number): RecordedEvent =>
  ({
    id: `e${n}`,
    type: 'TransferObserved',
    streamId: 'chain-ethereum-1',
    position: { commit: 10n, prepare: BigInt(n) },
  }) as unknown as RecordedEvent;

const transfers = { streamPrefixes: ['chain-'], eventTypes: ['TransferObserved', 'TransferReverted'] };
const at = (prepare: bigint) => ({ after: { commit: 10n, prepare }, limit: 2, filter: transfers });

function countingLoad(results: RecordedEvent[][]) {
  const load = jest.fn(async () => results.shift() ?? []);
  return load;
}

describe('SharedReads', () => {
  it('reads a batch once for subscribers asking the same query, at once or later', async () => {
    const reads = new SharedReads();
    const load = countingLoad([[event(1), event(2)]]);
    const [first, second] = await Promise.all([reads.read(at(0n), load), reads.read(at(0n), load)]);
    const third = await reads.read(at(0n), load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ events: [event(1), event(2)], fresh: true });
    expect(second.events).toBe(first.events);
    expect(second.fresh).toBe(false);
    expect(third.fresh).toBe(false);
  });

  it('matches filters whatever their order, and tells different queries apart', async () => {
    const reads = new SharedReads();
    const load = countingLoad([[event(1)], [event(2)], [event(3)]]);
    await reads.read(at(0n), load);
    const reordered = {
      ...at(0n),
      filter: { ...transfers, eventTypes: [...transfers.eventTypes].reverse() },
    };
    expect((await reads.read(reordered, load)).fresh).toBe(false);
    expect((await reads.read(at(1n), load)).events).toEqual([event(2)]);
    expect((await reads.read({ ...at(0n), limit: 3 }, load)).events).toEqual([event(3)]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never shares an empty answer: the next subscriber reads for itself and sees the later append', async () => {
    const reads = new SharedReads();
    const load = countingLoad([[], [event(1)]]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowEmpty = reads.read(at(0n), async () => {
      await gate;
      return load();
    });
    const joiner = reads.read(at(0n), load);
    release();
    expect((await slowEmpty).events).toEqual([]);
    expect(await joiner).toEqual({ events: [event(1)], fresh: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed read', async () => {
    const reads = new SharedReads();
    await expect(reads.read(at(0n), () => Promise.reject(new Error('connection reset')))).rejects.toThrow(
      'connection reset',
    );
    const load = countingLoad([[event(1)]]);
    expect(await reads.read(at(0n), load)).toEqual({ events: [event(1)], fresh: true });
  });

  it('keeps only the most recent batches', async () => {
    const reads = new SharedReads(2);
    const load = countingLoad([[event(1)], [event(2)], [event(3)], [event(4)]]);
    await reads.read(at(0n), load);
    await reads.read(at(1n), load);
    await reads.read(at(2n), load);
    expect((await reads.read(at(2n), load)).fresh).toBe(false);
    expect((await reads.read(at(0n), load)).events).toEqual([event(4)]);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
