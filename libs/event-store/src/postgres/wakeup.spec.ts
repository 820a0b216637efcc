import { summarizeStreamAppend } from './append-summary';
import { Wakeup } from './wakeup';

describe('Wakeup', () => {
  it('returns at once when woken since the count was taken', async () => {
    const wakeup = new Wakeup();
    const seen = wakeup.seen;
    wakeup.wake();
    const started = Date.now();
    await wakeup.wait(seen, 10_000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('resolves on a later wake', async () => {
    const wakeup = new Wakeup();
    let resolved = false;
    const waiting = wakeup.wait(wakeup.seen, 10_000).then(() => (resolved = true));
    await new Promise((r) => setImmediate(r));
    expect(resolved).toBe(false);
    wakeup.wake();
    await waiting;
    expect(resolved).toBe(true);
  });

  it('falls back to the timeout', async () => {
    const wakeup = new Wakeup();
    const started = Date.now();
    await wakeup.wait(wakeup.seen, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('resolves when any signal aborts, and at once when one already has', async () => {
    const wakeup = new Wakeup();
    const controller = new AbortController();
    const waiting = wakeup.wait(wakeup.seen, 10_000, [undefined, controller.signal]);
    controller.abort();
    await waiting;
    const started = Date.now();
    await wakeup.wait(wakeup.seen, 10_000, [controller.signal]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('Wakeup with append summaries', () => {
  const subscriptions = { streamPrefixes: ['subscription-'], eventTypes: ['SubscriptionCreated'] };
  const chain = summarizeStreamAppend('chain-ethereum', [{ type: 'TransferObserved' }]);
  const created = summarizeStreamAppend('subscription-1', [{ type: 'SubscriptionCreated' }]);

  it('does not wake a filtered reader for appends its filter cannot pass', async () => {
    const wakeup = new Wakeup();
    const waiting = wakeup.wait(wakeup.seen, 50, [], subscriptions);
    wakeup.wake(chain);
    wakeup.wake(chain);
    expect(await waiting).toBe(false); // the timeout ended it
  });

  it('wakes it for one that can, and for an unknown one', async () => {
    const wakeup = new Wakeup();
    const first = wakeup.wait(wakeup.seen, 10_000, [], subscriptions);
    wakeup.wake(chain);
    wakeup.wake(created);
    expect(await first).toBe(true);
    const second = wakeup.wait(wakeup.seen, 10_000, [], subscriptions);
    wakeup.wake(null);
    expect(await second).toBe(true);
  });

  it('returns at once for a matching wake since the count was taken, not for others', async () => {
    const wakeup = new Wakeup();
    const seen = wakeup.seen;
    wakeup.wake(created);
    wakeup.wake(chain);
    expect(await wakeup.wait(seen, 10_000, [], subscriptions)).toBe(true);
    const later = wakeup.seen;
    wakeup.wake(chain);
    expect(await wakeup.wait(later, 30, [], subscriptions)).toBe(false);
  });

  it('returns at once when more wakes passed than it keeps', async () => {
    const wakeup = new Wakeup();
    const seen = wakeup.seen;
    for (let i = 0; i < 100; i++) wakeup.wake(chain);
    expect(await wakeup.wait(seen, 10_000, [], subscriptions)).toBe(true);
  });
});
