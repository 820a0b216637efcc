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
