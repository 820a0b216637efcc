import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_ENDPOINT_FILE, findEmbeddedEndpoint, publishEmbeddedEndpoint } from './embedded-endpoint';

describe('embedded endpoint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'endpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes the URL while this process lives and withdraws it', () => {
    expect(findEmbeddedEndpoint(dir)).toBeUndefined();
    const withdraw = publishEmbeddedEndpoint(dir, 'postgres://postgres@127.0.0.1:5555/postgres');
    expect(findEmbeddedEndpoint(dir)).toBe('postgres://postgres@127.0.0.1:5555/postgres');
    withdraw();
    expect(findEmbeddedEndpoint(dir)).toBeUndefined();
  });

  it('ignores a file left by a dead process or garbage', () => {
    writeFileSync(
      join(dir, EMBEDDED_ENDPOINT_FILE),
      JSON.stringify({ url: 'postgres://x', pid: 2 ** 22 + 12345 }),
    );
    expect(findEmbeddedEndpoint(dir)).toBeUndefined();
    writeFileSync(join(dir, EMBEDDED_ENDPOINT_FILE), '{not json');
    expect(findEmbeddedEndpoint(dir)).toBeUndefined();
  });
});
