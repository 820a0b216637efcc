import { blockIndexed, blockReverted, recorded } from '@chainwire/chain-events/testing';
import { planBlockWrites } from './block-writes';

describe('planBlockWrites', () => {
  it('groups consecutive events into runs in order, last upsert per height winning', () => {
    const b1 = blockIndexed('ethereum', 1, '0xa1');
    const b2 = blockIndexed('ethereum', 2, '0xa2', '0xa1');
    const b2x = blockIndexed('ethereum', 2, '0xb2', '0xa1');
    const b3 = blockIndexed('ethereum', 3, '0xb3', '0xb2');
    const stale = blockIndexed('ethereum', 3, '0xc3', '0xb2');
    const writes = planBlockWrites([b1, b2, blockReverted(b2), b2x, b3, stale].map((e, i) => recorded(e, i)));
    expect(writes.map((w) => [w.kind, w.blocks.map((b) => b.hash)])).toEqual([
      ['upsert', ['0xa1', '0xa2']],
      ['delete', ['0xa2']],
      ['upsert', ['0xb2', '0xc3']],
    ]);
  });

  it('keeps every reverted hash of one height', () => {
    const x = blockIndexed('ethereum', 5, '0x05');
    const y = blockIndexed('ethereum', 5, '0x5b');
    const writes = planBlockWrites([blockReverted(x), blockReverted(y)].map((e, i) => recorded(e, i)));
    expect(writes).toHaveLength(1);
    expect(writes[0].blocks.map((b) => b.hash)).toEqual(['0x05', '0x5b']);
  });
});
