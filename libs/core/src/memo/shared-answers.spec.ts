import { SharedAnswers } from './shared-answers';

describe('SharedAnswers', () => {
  it('shares one read among concurrent callers, serves it until it is old, then reads again', async () => {
    let now = 0;
    let reads = 0;
    const answers = new SharedAnswers<string, number>(1_000, () => now);
    const read = async () => ++reads;
    expect(await Promise.all([answers.get('a', read), answers.get('a', read)])).toEqual([1, 1]);
    now = 999;
    expect(await answers.get('a', read)).toBe(1);
    expect(await answers.get('b', read)).toBe(2);
    now = 1_000;
    expect(await answers.get('a', read)).toBe(3);
  });

  it('keeps no failure: the caller after a failed read reads again', async () => {
    const answers = new SharedAnswers<object, string>(60_000);
    const key = {};
    await expect(answers.get(key, () => Promise.reject(new Error('node down')))).rejects.toThrow('node down');
    expect(await answers.get(key, async () => 'up')).toBe('up');
  });
});
