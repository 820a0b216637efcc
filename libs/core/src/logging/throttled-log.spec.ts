import { throttledLog } from './throttled-log';

describe('throttledLog', () => {
  it('writes a key once per interval, each key on its own', () => {
    let now = 0;
    const lines: string[] = [];
    const log = throttledLog(
      (m) => lines.push(m),
      1000,
      () => now,
    );
    log('a', 'a1');
    log('a', 'a2');
    log('b', 'b1');
    now = 999;
    log('a', 'a3');
    now = 1000;
    log('a', 'a4');
    expect(lines).toEqual(['a1', 'b1', 'a4']);
  });
});
