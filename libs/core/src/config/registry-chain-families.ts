import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths';

/** Registry 'blockchain' value shared by every EVM chain in Trust Wallet Core's registry. */
export const EVM_FAMILY = 'Ethereum';

const REGISTRY_FILE = join(PROJECT_ROOT, 'libs', 'chains', 'src', 'registry', 'registry.json');

let cached: ReadonlyMap<string, string> | undefined;

/**
 * Registry id → chain family, read from the seeded registry file. Configuration is validated before
 * the database opens, so it cannot ask the chains table.
 */
export function registryChainFamilies(): ReadonlyMap<string, string> {
  if (!cached) {
    const entries = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8')) as { id: string; blockchain: string }[];
    cached = new Map(entries.map((e) => [e.id, e.blockchain]));
  }
  return cached;
}
