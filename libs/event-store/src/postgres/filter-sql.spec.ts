import { filterSql, likePrefix } from './filter-sql';

describe('likePrefix', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(likePrefix('chain-')).toBe('chain-%');
    expect(likePrefix('a_b%c\\d')).toBe('a\\_b\\%c\\\\d%');
  });
});

describe('filterSql', () => {
  it('adds nothing without a filter or with empty lists', () => {
    const params: unknown[] = [1];
    expect(filterSql(undefined, params)).toBe('');
    expect(filterSql({ streamPrefixes: [], eventTypes: [] }, params)).toBe('');
    expect(params).toEqual([1]);
  });

  it('numbers its parameters after the existing ones', () => {
    const params: unknown[] = ['a', 'b'];
    const sql = filterSql({ streamPrefixes: ['chain-'], eventTypes: ['BlockIndexed'] }, params);
    expect(sql).toBe('AND stream_id LIKE ANY($3::text[]) AND type = ANY($4::text[])');
    expect(params).toEqual(['a', 'b', ['chain-%'], ['BlockIndexed']]);
  });
});
