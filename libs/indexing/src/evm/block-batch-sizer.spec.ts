import { DEFAULT_EVENT_STORE_MAX_APPEND_BYTES } from '@chainwire/core';
import { BlockBatchSizer, TARGET_EVENTS_PER_BATCH } from './block-batch-sizer';
import type { FetchedBlock } from './block-transfers';

describe('BlockBatchSizer', () => {
  it('starts with 20 blocks, or fewer when that is the most allowed', () => {
    expect(new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES).span()).toBe(20n);
    expect(new BlockBatchSizer(5, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES).span()).toBe(5n);
  });

  it('reads sparse chains in long ranges and dense ones in short ones', () => {
    const sparse = new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
    sparse.record(20, 1_000); // 50 events per block
    expect(sparse.span()).toBe(BigInt(TARGET_EVENTS_PER_BATCH / 50));
    const dense = new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
    dense.record(20, 20 * 2_000);
    expect(dense.span()).toBe(2n);
    const huge = new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
    huge.record(1, 50_000);
    expect(huge.span()).toBe(1n);
  });

  it('caps empty stretches at the maximum and follows a change of density', () => {
    const sizer = new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
    sizer.record(20, 0);
    expect(sizer.span()).toBe(200n);
    sizer.record(200, 200 * 400);
    sizer.record(10, 10 * 400);
    expect(sizer.span()).toBeLessThan(20n);
  });

  it('counts a range read as its transactions and token logs', () => {
    const sizer = new BlockBatchSizer(200, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
    const block = (transactions: number, logs: number) =>
      ({
        block: { transactions: Array.from({ length: transactions }) },
        logs: Array.from({ length: logs }),
      }) as unknown as FetchedBlock;
    sizer.recordRange(Array.from({ length: 10 }, () => block(2, 48))); // 50 events a block
    expect(sizer.span()).toBe(BigInt(TARGET_EVENTS_PER_BATCH / 50));
  });

  it('caps a batch by the bytes appends of the chain have taken, whatever its event count', () => {
    const sizer = new BlockBatchSizer(200, 900_000);
    sizer.record(20, 20 * 100); // 100 events a block: 40 blocks by count
    expect(sizer.span()).toBe(BigInt(TARGET_EVENTS_PER_BATCH / 100));
    sizer.recordBytes(20, 20 * 90_000); // 90 kB a block: 10 blocks fit in 900 kB
    expect(sizer.span()).toBe(10n);
    const huge = new BlockBatchSizer(200, 900_000);
    huge.recordBytes(1, 2_000_000);
    expect(huge.span()).toBe(1n);
    const light = new BlockBatchSizer(200, 900_000);
    light.record(20, 20 * 100);
    light.recordBytes(20, 20 * 100);
    expect(light.span()).toBe(BigInt(TARGET_EVENTS_PER_BATCH / 100));
  });
});
