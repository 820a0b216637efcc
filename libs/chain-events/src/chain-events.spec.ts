import { v5 as uuidv5 } from 'uuid';
import { chainEventId } from './chain-events';

describe('chainEventId', () => {
  it.each([
    ['BlockIndexed', 'ethereum', '0xABCDEF', ''],
    ['TransferObserved', 'anvil', '0x' + 'ab'.repeat(32), 'log:17'],
    ['TransferReverted', 'tron', '0x00', 'tx:3:trace:0.1.2#5:99'],
    ['TransferObserved', 'ünïcødé', '0x01', 'genesis:0x€'],
    ['TransferObserved', 'ethereum', '0x02', `tx:0:trace:${'0.'.repeat(300)}1`],
    ['BlockIndexed', 'ethereum', '0x03', ''],
  ])('is the UUIDv5 of type|chain|lower-case hash|ref (%s, %s)', (type, chain, hash, ref) => {
    const expected = uuidv5(
      `${type}|${chain}|${hash.toLowerCase()}|${ref}`,
      'a4d7f6a2-53c1-4f5e-9d3e-2b1e6f7c8d90',
    );
    expect(chainEventId(type, chain, hash, ref)).toBe(expected);
  });

  it('differs by every part', () => {
    const ids = new Set([
      chainEventId('A', 'c', '0x1', 'r'),
      chainEventId('B', 'c', '0x1', 'r'),
      chainEventId('A', 'd', '0x1', 'r'),
      chainEventId('A', 'c', '0x2', 'r'),
      chainEventId('A', 'c', '0x1', 's'),
    ]);
    expect(ids.size).toBe(5);
  });
});
