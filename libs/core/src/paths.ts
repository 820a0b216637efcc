import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root (the folder holding package.json), whether running from sources or from dist/. */
export const PROJECT_ROOT: string = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${__dirname}`);
    dir = parent;
  }
  return dir;
})();
