import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '@chainwire/core';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, shared with npm start's script
const { SERVER_NODE_FLAGS } = require('../../scripts/server-node-flags.cjs') as {
  SERVER_NODE_FLAGS: readonly string[];
};

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');

/** Every way of starting the server runs node with the same flags, so what is measured is what is run. */
describe('the server’s node flags', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

  it.each(['start', 'bench:api'])('npm run %s passes them to node', (script) => {
    expect(scripts[script]!.split(' ').slice(0, 1 + SERVER_NODE_FLAGS.length)).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
    ]);
  });

  it('the image and docker-compose pass them to node', () => {
    const flags = SERVER_NODE_FLAGS.map((f) => `"${f}", `).join('');
    expect(read('Dockerfile')).toContain(`CMD ["node", ${flags}"dist/server.js"]`);
    const commands = read('docker-compose.yml').match(/command: \[.*\]/g) ?? [];
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toBe(
        `command: ['node', ${SERVER_NODE_FLAGS.map((f) => `'${f}', `).join('')}'dist/server.js']`,
      );
    }
  });
});
