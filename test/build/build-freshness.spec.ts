import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is plain CommonJS: it runs before tsc
const { isBuildStale, ENTRY, STAMP } = require('../../scripts/build.cjs') as {
  isBuildStale(root: string): boolean;
  ENTRY: string;
  STAMP: string;
};

describe('build freshness (npm start builds only when sources changed)', () => {
  let root: string;
  const write = (path: string, text = '') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const age = (path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(root, path), t, t);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-fresh-'));
    write('apps/server/src/main.ts', 'export {};');
    write('libs/core/src/registry.json', '{}');
    write('tsconfig.json', '{}');
    write(ENTRY);
    write(STAMP);
    for (const p of ['apps/server/src/main.ts', 'libs/core/src/registry.json', 'tsconfig.json']) age(p, 60);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is up to date when no input changed after the last build', () => {
    expect(isBuildStale(root)).toBe(false);
  });

  it.each(['apps/server/src/main.ts', 'libs/core/src/registry.json', 'tsconfig.json'])(
    'is stale once %s changes',
    (path) => {
      write(path, 'changed');
      expect(isBuildStale(root)).toBe(true);
    },
  );

  it('is stale for a new source file', () => {
    write('libs/core/src/new-feature.ts', 'export const x = 1;');
    expect(isBuildStale(root)).toBe(true);
  });

  it('is stale without a stamp (a build that failed or never ran) or without the entry point', () => {
    rmSync(join(root, STAMP));
    expect(isBuildStale(root)).toBe(true);
    write(STAMP);
    rmSync(join(root, ENTRY));
    expect(isBuildStale(root)).toBe(true);
  });

  it('ignores files that are not build inputs', () => {
    write('libs/core/README.md', 'notes');
    write('apps/server/node_modules/x/index.ts', 'export {};');
    expect(isBuildStale(root)).toBe(false);
  });
});
