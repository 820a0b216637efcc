import { DEFAULT_EVENT_STORE_MAX_APPEND_BYTES } from '@chainwire/core';
import type { NewEvent } from '@chainwire/event-store';
import { chunkByBytes, serialisedEventBytes } from './append-byte-limit';

const event = (size: number, n: number): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'T',
  data: { pad: 'x'.repeat(size) },
});

describe('append byte limit', () => {
  it('defaults under KurrentDB’s 1 MiB MaxAppendSize', () => {
    expect(DEFAULT_EVENT_STORE_MAX_APPEND_BYTES).toBeLessThan(1024 * 1024);
  });

  it('counts an event by its serialised data, metadata and type in UTF-8', () => {
    const plain = serialisedEventBytes({ id: 'a', type: 'T', data: { s: 'ab' } });
    const wide = serialisedEventBytes({ id: 'a', type: 'T', data: { s: 'éé' } });
    expect(wide - plain).toBe(2);
    const withMetadata = serialisedEventBytes({
      id: 'a',
      type: 'T',
      data: { s: 'ab' },
      metadata: { k: 'v' },
    });
    expect(withMetadata - plain).toBe(JSON.stringify({ k: 'v' }).length - JSON.stringify({}).length);
  });

  it('packs whole groups in order, never over the limit unless a group alone is', () => {
    const unit = serialisedEventBytes(event(1000, 0));
    const groups = [
      [event(1000, 1), event(1000, 2)],
      [event(1000, 3)],
      [event(1000, 4), event(1000, 5), event(1000, 6), event(1000, 7)],
      [],
      [event(1000, 8)],
    ];
    const chunks = chunkByBytes(groups, unit * 3);
    expect(chunks.map((c) => c.events.map((e) => e.id.slice(-1)))).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6', '7'],
      ['8'],
    ]);
    expect(chunks.map((c) => c.bytes)).toEqual([3 * unit, 4 * unit, unit]);
    expect(chunkByBytes(groups, unit * 100)).toHaveLength(1);
    expect(chunkByBytes([], unit)).toEqual([]);
  });
});
