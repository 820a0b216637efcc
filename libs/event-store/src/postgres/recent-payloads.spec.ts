import { RecentPayloads } from './recent-payloads';

describe('RecentPayloads', () => {
  const event = (id: string, n: number) => ({ id, type: 'Tested', data: { n } });

  it('finds a payload by the id as PostgreSQL writes it, with empty metadata when none was given', () => {
    const recent = new RecentPayloads();
    recent.remember('s-1', [event('A0B1C2D3-0000-4000-8000-000000000001', 1)]);
    expect(recent.get('a0b1c2d3-0000-4000-8000-000000000001')).toEqual({
      streamId: 's-1',
      type: 'Tested',
      data: { n: 1 },
      metadata: {},
    });
  });

  it('forgets the oldest beyond its capacity, counting a payload remembered again as new', () => {
    const recent = new RecentPayloads({ capacity: 3 });
    recent.remember('s-1', [event('a', 1), event('b', 2), event('c', 3)]);
    recent.remember('s-1', [event('a', 1)]);
    recent.remember('s-2', [event('d', 4)]);
    expect(['a', 'b', 'c', 'd'].map((id) => recent.has(id))).toEqual([true, false, true, true]);
    expect(recent.get('d')?.streamId).toBe('s-2');
  });

  it('forgets payloads past their time to live, once it is asked again', () => {
    let now = 1_000;
    const recent = new RecentPayloads({ ttlMs: 10_000, now: () => now });
    recent.remember('s-1', [event('a', 1)]);
    now += 6_000;
    recent.remember('s-1', [event('b', 2)]);
    now += 5_000;
    expect(recent.has('a')).toBe(false);
    expect(recent.has('b')).toBe(true);
    now += 5_000;
    expect(recent.has('b')).toBe(false);
    expect(recent.get('b')).toBeUndefined();
  });
});
