import { copyBody } from './copy-rows';

describe('copyBody', () => {
  it('is the rows each followed by a newline, multi-byte characters encoded as UTF-8', () => {
    const rows = ['1\tplain', '2\tdéjà vu 💸', '', '3\t\\N'];
    expect(copyBody(rows).equals(Buffer.from('1\tplain\n2\tdéjà vu 💸\n\n3\t\\N\n'))).toBe(true);
  });

  it('is empty for no rows', () => {
    expect(copyBody([]).length).toBe(0);
  });
});
