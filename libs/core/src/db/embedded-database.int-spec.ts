import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../paths';
import { type Database, openDatabase } from './database';

const run = promisify(execFile);
const NOBODY = 65534;

/**
 * The embedded store checks no password, so who can connect is who can read and write everything
 * (API keys among it): only processes of the service's own user.
 */
describe('embedded database access', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ schema: { entities: [], migrations: [] } });
  });
  afterAll(() => db?.close());

  /** Connects as another process (as `uid` when given) and answers what it got. */
  const connect = async (uid?: number) => {
    const script = `
      const { Client } = require('pg');
      const client = new Client({ connectionString: process.argv[1] });
      client.connect().then(() => client.query('SELECT 1')).then(
        () => { console.log('connected'); process.exit(0); },
        (error) => { console.log('refused ' + error.code); process.exit(0); });`;
    const { stdout } = await run(process.execPath, ['-e', script, db.url], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_PATH: `${PROJECT_ROOT}/node_modules` },
      ...(uid === undefined ? {} : { uid, gid: NOBODY }),
    });
    return stdout.trim();
  };

  it('listens on no TCP port, only on a Unix socket in a directory of its user alone', () => {
    const host = new URL(db.url).hostname;
    expect(decodeURIComponent(host)).toMatch(/^\//);
    const dir = statSync(decodeURIComponent(host));
    expect(dir.mode & 0o777).toBe(0o700);
    expect(dir.uid).toBe(process.getuid!());
  });

  it('admits a process of the same user and refuses one of another user', async () => {
    expect(await connect()).toBe('connected');
    if (process.getuid!() !== 0) {
      // Only root can start a process as another user; CI runs as root.
      return;
    }
    expect(await connect(NOBODY)).toBe('refused EACCES');
  });
});
