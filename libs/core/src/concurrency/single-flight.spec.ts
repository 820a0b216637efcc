import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('shares the run in flight for a key, and runs again once it settled', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    let release!: () => void;
    const work = () =>
      new Promise<number>((resolve) => {
        runs++;
        release = () => resolve(runs);
      });
    const [a, b] = [flight.run('k', work), flight.run('k', work)];
    const other = flight.run('other', () => Promise.resolve(-1));
    release();
    expect(await Promise.all([a, b, other])).toEqual([1, 1, -1]);
    expect(runs).toBe(1);
    const failing = flight.run('k', () => Promise.reject(new Error('node down')));
    await expect(failing).rejects.toThrow('node down');
    expect(await flight.run('k', () => Promise.resolve(7))).toBe(7);
  });
});

describe('SingleFlight with keepMs', () => {
  it('answers a key from a run that succeeded until keepMs passed, and never from one that failed', async () => {
    const flight = new SingleFlight<number>({ keepMs: 60_000 });
    let runs = 0;
    const work = () => Promise.resolve(++runs);
    expect(await flight.run('k', work)).toBe(1);
    expect(await flight.run('k', work)).toBe(1);
    await expect(flight.run('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await flight.run('bad', work)).toBe(2);
    const brief = new SingleFlight<number>({ keepMs: 1 });
    expect(await brief.run('k', work)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await brief.run('k', work)).toBe(4);
  });
});
