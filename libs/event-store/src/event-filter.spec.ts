import { matchesFilter } from './event-filter';

describe('matchesFilter', () => {
  const transfer = { streamId: 'chain-ethereum', type: 'TransferObserved' };

  it('lets everything through without a filter or with empty lists', () => {
    expect(matchesFilter(transfer, undefined)).toBe(true);
    expect(matchesFilter(transfer, { streamPrefixes: [], eventTypes: [] })).toBe(true);
  });

  it('matches stream prefixes, not substrings', () => {
    expect(matchesFilter(transfer, { streamPrefixes: ['swap-', 'chain-'] })).toBe(true);
    expect(matchesFilter(transfer, { streamPrefixes: ['ethereum'] })).toBe(false);
  });

  it('matches event types exactly', () => {
    expect(matchesFilter(transfer, { eventTypes: ['TransferObserved'] })).toBe(true);
    expect(matchesFilter(transfer, { eventTypes: ['Transfer'] })).toBe(false);
  });

  it('requires both parts when both are given', () => {
    expect(matchesFilter(transfer, { streamPrefixes: ['chain-'], eventTypes: ['BlockIndexed'] })).toBe(false);
    expect(matchesFilter(transfer, { streamPrefixes: ['chain-'], eventTypes: ['TransferObserved'] })).toBe(
      true,
    );
  });
});
