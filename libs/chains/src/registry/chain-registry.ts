import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, type RegistryFamilies } from '@chainwire/core';

/** A chain's identity as seeded from Trust Wallet Core's registry.json (docs/architecture.md §6). */
export interface ChainInfo {
  /** Registry id, e.g. 'ethereum'; also the `<chainId>` of the `chain-<chainId>` streams. */
  readonly id: string;
  readonly name: string;
  /** Native asset symbol. */
  readonly symbol: string;
  /** Native asset decimals. */
  readonly decimals: number;
  /** The registry's `blockchain`, e.g. 'Ethereum' (every EVM chain), 'Tron', 'Bitcoin'. */
  readonly family: string;
  /** As the registry gives it (a string), null where it has none. */
  readonly chainId: string | null;
  /** `slip44 ?? coinId`. */
  readonly slipId: number;
  readonly explorerUrl: string | null;
  readonly curve: string | null;
  readonly publicKeyType: string | null;
  readonly explorerTxPath: string | null;
  readonly explorerAccountPath: string | null;
  /** The project's site, source, public RPC and API documentation; null where the registry has none. */
  readonly infoUrl: string | null;
  readonly infoSource: string | null;
  readonly infoRpc: string | null;
  readonly infoDocumentation: string | null;
}

export type ChainTier = 1 | 2;

/** Chains a basic plan may use; every other registry chain is tier 2. */
export const TIER_1_CHAINS: readonly string[] = Object.freeze([
  'ethereum',
  'tron',
  'bitcoin',
  'smartchain',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanchec',
]);

export function chainTier(id: string): ChainTier {
  return TIER_1_CHAINS.includes(id) ? 1 : 2;
}

/** The family of every EVM chain in the registry: contracts and addresses are 20-byte hex. */
export const EVM_FAMILY = 'Ethereum';

export function isEvmFamily(family: string): boolean {
  return family === EVM_FAMILY;
}

interface RegistryEntry {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  blockchain: string;
  coinId: number;
  slip44?: number;
  chainId?: string;
  curve?: string;
  publicKeyType?: string;
  explorer?: { url?: string; txPath?: string; accountPath?: string };
  info?: { url?: string; source?: string; rpc?: string; documentation?: string };
}

// Read from the source tree (not bundled by `import`) so the 137 kB file is neither type-inferred nor copied
// into dist/; PROJECT_ROOT resolves the same from sources and from the build.
export const REGISTRY_PATH = join(PROJECT_ROOT, 'libs', 'chains', 'src', 'registry', 'registry.json');

let cached: readonly ChainInfo[] | undefined;

/** Every chain of the registry, in the registry's order. The array and its entries are frozen. */
export function loadChainRegistry(): ChainInfo[] {
  cached ??= Object.freeze(
    (JSON.parse(readFileSync(REGISTRY_PATH, 'utf8')) as RegistryEntry[]).map((entry) =>
      Object.freeze(toChainInfo(entry)),
    ),
  );
  return [...cached];
}

export function toChainInfo(entry: RegistryEntry): ChainInfo {
  return {
    id: entry.id,
    name: entry.name,
    symbol: entry.symbol,
    decimals: entry.decimals,
    family: entry.blockchain,
    chainId: entry.chainId ?? null,
    slipId: entry.slip44 ?? entry.coinId,
    explorerUrl: entry.explorer?.url || null,
    curve: entry.curve || null,
    publicKeyType: entry.publicKeyType || null,
    explorerTxPath: entry.explorer?.txPath || null,
    explorerAccountPath: entry.explorer?.accountPath || null,
    infoUrl: entry.info?.url || null,
    infoSource: entry.info?.source || null,
    infoRpc: entry.info?.rpc || null,
    infoDocumentation: entry.info?.documentation || null,
  };
}

/** Each registry chain's family, for loadConfig's check of EVM_CHAINS. */
export function registryFamilies(): RegistryFamilies {
  return { byChain: new Map(loadChainRegistry().map((c) => [c.id, c.family])), evm: EVM_FAMILY };
}
