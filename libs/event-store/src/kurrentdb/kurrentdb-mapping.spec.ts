import { EVENT_TYPE, STREAM_NAME, type PrefixesFilter, type RegexFilter } from '@kurrent/kurrentdb-client';
import {
  exactNamesRegex,
  fromCurrentState,
  isSystemEvent,
  serverFilter,
  toStreamState,
} from './kurrentdb-mapping';

describe('KurrentDB mapping', () => {
  it('maps expected versions to stream states and back', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState(-1n)).toBe('no_stream');
    expect(toStreamState(7n)).toBe(7n);
    expect(fromCurrentState('no_stream')).toBe(-1n);
    expect(fromCurrentState(3n)).toBe(3n);
  });

  it('builds an exact-name regex with metacharacters escaped', () => {
    const regex = new RegExp(exactNamesRegex(['BlockIndexed', 'a.b(c)']));
    expect(regex.test('BlockIndexed')).toBe(true);
    expect(regex.test('a.b(c)')).toBe(true);
    expect(regex.test('BlockIndexedX')).toBe(false);
    expect(regex.test('aXb(c)')).toBe(false);
  });

  it('filters on stream prefixes first, then on event types, else excludes system events', () => {
    const byStream = serverFilter({
      streamPrefixes: ['chain-'],
      eventTypes: ['BlockIndexed'],
    }) as PrefixesFilter;
    expect(byStream.filterOn).toBe(STREAM_NAME);
    expect(byStream.prefixes).toEqual(['chain-']);
    const byType = serverFilter({ eventTypes: ['BlockIndexed'] }) as RegexFilter;
    expect(byType.filterOn).toBe(EVENT_TYPE);
    expect(byType.regex).toBe('^(?:BlockIndexed)$');
    const system = serverFilter(undefined) as RegexFilter;
    expect(system.filterOn).toBe(EVENT_TYPE);
    expect(new RegExp(system.regex).test('$metadata')).toBe(false);
    expect(new RegExp(system.regex).test('BlockIndexed')).toBe(true);
  });

  it('recognises system streams and events', () => {
    expect(isSystemEvent({ streamId: '$$chain-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$streams', type: 'x' })).toBe(true);
    expect(isSystemEvent({ streamId: 'chain-1', type: 'BlockIndexed' })).toBe(false);
  });
});
