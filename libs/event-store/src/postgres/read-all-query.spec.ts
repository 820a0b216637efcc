import { START } from '../event-store';
import { likePrefix, readAllQuery } from './read-all-query';

const squash = (sql: string) => sql.replace(/\s+/g, ' ');

describe('likePrefix', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(likePrefix('chain-')).toBe('chain-%');
    expect(likePrefix('a_b%c\\d')).toBe('a\\_b\\%c\\\\d%');
  });
});

describe('readAllQuery', () => {
  it('reads the global order from the start without a position bound', () => {
    const { text, values } = readAllQuery({ after: START });
    expect(values).toEqual([1000]);
    expect(squash(text)).toContain(
      'FROM events e WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY e.transaction_id',
    );
    expect(text).not.toContain('UNION');
  });

  it('bounds by the position and numbers the prefix parameter after it', () => {
    const { text, values } = readAllQuery({
      after: { commit: 7n, prepare: 42n },
      limit: 5,
      filter: { streamPrefixes: ['chain-'] },
    });
    expect(values).toEqual([5, '7', '42', ['chain-%']]);
    expect(text).toContain('(transaction_id, global_position) > ($2::xid8, $3::bigint)');
    expect(text).toContain('stream_id LIKE ANY($4::text[])');
  });

  it('scans each event type by itself, from the position, and merges the scans in global order', () => {
    const { text, values } = readAllQuery({
      after: { commit: 7n, prepare: 42n },
      filter: { streamPrefixes: ['subscription-'], eventTypes: ['A', 'B', 'A'] },
    });
    expect(values).toEqual([1000, '7', '42', ['subscription-%'], 'A', 'B']);
    const scans = text.split(' UNION ALL ');
    expect(scans).toHaveLength(2);
    expect(scans[0]).toContain('events_of_type($5, $2::xid8, $3::bigint, $4::text[], $1)');
    expect(scans[1]).toContain('events_of_type($6, $2::xid8, $3::bigint, $4::text[], $1)');
    expect(text.trim().endsWith(') e ORDER BY e.transaction_id, e.global_position LIMIT $1')).toBe(true);
  });

  it('reads types from before the first row without prefixes', () => {
    expect(readAllQuery({ filter: { eventTypes: ['A'] } }).values).toEqual([1000, '0', '-1', null, 'A']);
  });
});
