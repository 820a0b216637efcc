import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, WrongExpectedVersionError, type EventStore } from './event-store';

export interface ContractContext {
  store: EventStore;
}

/** The behaviour every EventStore adapter must show. */
export function eventStoreContract(makeContext: () => ContractContext): void {
  let ctx: ContractContext;
  beforeAll(() => {
    ctx = makeContext();
  });
  afterAll(() => ctx.store.close());

  const stream = () => `test-${randomUUID()}`;
  const event = (n: number) => ({ id: randomUUID(), type: 'Tested', data: { n } });

  it('appends and reads a stream in order', async () => {
    const s = stream();
    const result = await ctx.store.appendToStream(s, [event(1), event(2)], { expectedVersion: NO_STREAM });
    expect(result).toEqual({ nextExpectedVersion: 1n, appended: 2 });
    const read = await ctx.store.readStream(s);
    expect(read.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(read.map((e) => e.streamPosition)).toEqual([0n, 1n]);
    expect(await ctx.store.streamVersion(s)).toBe(1n);
  });

  it('rejects a wrong expected version', async () => {
    const s = stream();
    await ctx.store.appendToStream(s, [event(1)], { expectedVersion: NO_STREAM });
    await expect(ctx.store.appendToStream(s, [event(2)], { expectedVersion: NO_STREAM })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    await expect(ctx.store.appendToStream(s, [event(2)], { expectedVersion: 5n })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    await ctx.store.appendToStream(s, [event(3)], { expectedVersion: 0n });
    expect((await ctx.store.readStream(s)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('stores the same event id once', async () => {
    const s = stream();
    const e = event(1);
    await ctx.store.appendToStream(s, [e], { expectedVersion: NO_STREAM });
    const again = await ctx.store.appendToStream(s, [e], { expectedVersion: NO_STREAM });
    expect(again).toEqual({ nextExpectedVersion: 0n, appended: 0 });
    await ctx.store.appendToStream(s, [e, event(2)], { expectedVersion: ANY });
    expect((await ctx.store.readStream(s)).map((x) => x.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });
}
