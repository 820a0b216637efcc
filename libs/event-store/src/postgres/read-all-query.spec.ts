import { START } from '../event-store';
import { EVENT_COLUMNS, likePrefix, POSITION_COLUMNS, readAllQuery } from './read-all-query';

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

  it('scans the event types, each by itself in one function call, and merges them in global order', () => {
    const { text, values } = readAllQuery({
      after: { commit: 7n, prepare: 42n },
      filter: { streamPrefixes: ['subscription-'], eventTypes: ['A', 'B', 'A'] },
    });
    expect(values).toEqual([1000, '7', '42', ['subscription-%'], ['A', 'B']]);
    expect(text).not.toContain('UNION');
    expect(squash(text)).toBe(
      `SELECT ${EVENT_COLUMNS} FROM events_of_types($5::text[], $2::xid8, $3::bigint, $4::text[], $1) e ` +
        'ORDER BY e.transaction_id, e.global_position LIMIT $1',
    );
  });

  it('asks only for the places of the events when the reader holds their payloads', () => {
    const typed = readAllQuery({ filter: { eventTypes: ['A'] } }, 'positions');
    expect(squash(typed.text)).toContain(
      `SELECT ${POSITION_COLUMNS} FROM event_positions_of_types($5::text[]`,
    );
    expect(squash(readAllQuery({}, 'positions').text)).toContain(`SELECT ${POSITION_COLUMNS} FROM events e`);
  });

  it('reads types from before the first row without prefixes', () => {
    expect(readAllQuery({ filter: { eventTypes: ['A'] } }).values).toEqual([1000, '0', '-1', null, ['A']]);
  });
});
