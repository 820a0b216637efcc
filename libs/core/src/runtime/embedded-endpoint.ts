import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive';

/**
 * Embedded PGlite belongs to one process. While a server runs on DATA_DIR it publishes the loopback
 * URL it serves PGlite on and its pid, so another server or an admin command can tell the files are in
 * use (opening them a second time would corrupt them).
 */
export const EMBEDDED_ENDPOINT_FILE = 'embedded-db.json';

interface EndpointFile {
  url: string;
  pid: number;
}

export function publishEmbeddedEndpoint(dataDir: string, url: string): () => void {
  const file = join(dataDir, EMBEDDED_ENDPOINT_FILE);
  writeFileSync(file, JSON.stringify({ url, pid: process.pid } satisfies EndpointFile), { mode: 0o600 });
  return () => {
    const current = readEndpoint(file);
    if (current?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** The URL of the embedded database a live process serves for dataDir, if any. */
export function findEmbeddedEndpoint(dataDir: string): string | undefined {
  const endpoint = readEndpoint(join(dataDir, EMBEDDED_ENDPOINT_FILE));
  return endpoint && isProcessAlive(endpoint.pid) ? endpoint.url : undefined;
}

function readEndpoint(file: string): EndpointFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<EndpointFile>;
    return typeof parsed.url === 'string' && typeof parsed.pid === 'number'
      ? { url: parsed.url, pid: parsed.pid }
      : undefined;
  } catch {
    return undefined;
  }
}
