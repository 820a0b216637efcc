import {
  decodeNotification,
  decodeSummary,
  encodeNotification,
  encodeSummary,
  summarizeAppend,
  summarizeStreamAppend,
  summaryMayMatch,
} from './append-summary';

describe('append summaries', () => {
  const chainTransfers = summarizeStreamAppend('chain-ethereum', [
    { type: 'BlockIndexed' },
    { type: 'TransferObserved' },
    { type: 'TransferObserved' },
  ]);

  it('keeps each category with the types appended to it', () => {
    const summary = summarizeAppend([
      { streamId: 'delivery-1', type: 'DeliveryScheduled' },
      { streamId: 'delivery-2', type: 'DeliverySucceeded' },
      { streamId: 'subscription-9', type: 'SubscriptionPaused' },
      { streamId: 'plain', type: 'Noted' },
    ]);
    expect([...summary].map(([category, types]) => [category, [...types]])).toEqual([
      ['delivery-', ['DeliveryScheduled', 'DeliverySucceeded']],
      ['subscription-', ['SubscriptionPaused']],
      ['plain', ['Noted']],
    ]);
    expect([...chainTransfers.get('chain-')!]).toEqual(['BlockIndexed', 'TransferObserved']);
  });

  it('matches a filter only when a category and a type can both pass it', () => {
    expect(summaryMayMatch(chainTransfers, undefined)).toBe(true);
    expect(summaryMayMatch(chainTransfers, { eventTypes: ['TransferObserved'] })).toBe(true);
    expect(summaryMayMatch(chainTransfers, { streamPrefixes: ['chain-'] })).toBe(true);
    // A prefix longer than the category may name one of its streams.
    expect(summaryMayMatch(chainTransfers, { streamPrefixes: ['chain-tron'] })).toBe(true);
    expect(summaryMayMatch(chainTransfers, { streamPrefixes: ['ch'] })).toBe(true);
    expect(summaryMayMatch(chainTransfers, { eventTypes: ['SubscriptionCreated'] })).toBe(false);
    expect(summaryMayMatch(chainTransfers, { streamPrefixes: ['subscription-'] })).toBe(false);
    // Both must hold for one category: chain transfers do not wake a reader of chain stake operations.
    expect(
      summaryMayMatch(chainTransfers, {
        streamPrefixes: ['chain-'],
        eventTypes: ['StakeOperationObserved'],
      }),
    ).toBe(false);
    expect(
      summaryMayMatch(chainTransfers, {
        streamPrefixes: ['subscription-', 'chain-'],
        eventTypes: ['SubscriptionCreated', 'TransferObserved'],
      }),
    ).toBe(true);
    // Unknown: every reader.
    expect(summaryMayMatch(null, { eventTypes: ['SubscriptionCreated'] })).toBe(true);
  });

  it('travels in a NOTIFY payload and back unchanged', () => {
    const summary = summarizeAppend([
      { streamId: 'chain-ethereum', type: 'BlockIndexed' },
      { streamId: 'subscription-1', type: 'SubscriptionCreated' },
    ]);
    const decoded = decodeSummary(encodeSummary(summary));
    expect(decoded && [...decoded].map(([c, t]) => [c, [...t]])).toEqual([
      ['chain-', ['BlockIndexed']],
      ['subscription-', ['SubscriptionCreated']],
    ]);
  });

  it('sends "unknown" rather than a payload that would not read back exactly', () => {
    expect(encodeSummary(summarizeStreamAppend('chain-x', [{ type: 'A,B' }]))).toBe('');
    expect(encodeSummary(summarizeStreamAppend('a=b', [{ type: 'A' }]))).toBe('');
    const many = summarizeAppend(Array.from({ length: 2000 }, (_, i) => ({ streamId: `s${i}`, type: 'T' })));
    expect(encodeSummary(many)).toBe('');
    // An empty payload (older stores) or one that does not parse wakes every reader.
    expect(decodeSummary('')).toBeNull();
    expect(decodeSummary('no separator')).toBeNull();
  });

  it('tags a notification with its origin', () => {
    const summary = summarizeStreamAppend('chain-ethereum', [{ type: 'BlockIndexed' }]);
    const { origin, summary: decoded } = decodeNotification(encodeNotification('a1b2', summary));
    expect(origin).toBe('a1b2');
    expect(decoded && [...decoded].map(([c, t]) => [c, [...t]])).toEqual([['chain-', ['BlockIndexed']]]);
    // An older store's empty payload: no origin, unknown summary.
    expect(decodeNotification('')).toEqual({ origin: '', summary: null });
  });
});
