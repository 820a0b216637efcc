import { z } from 'zod';
import { optionalVar, requiredVar, withDefault } from './env-var';
import { blockNumber, commaList, contractAddress, nonNegativeInteger, urlWithScheme } from './validators';

/** One EVM chain to index. Without `rpcUrl` (only possible for ethereum) the server spawns a dev chain. */
export interface EvmChainConfig {
  /** Registry id, e.g. 'ethereum', 'polygon'. */
  readonly id: string;
  readonly rpcUrl?: string;
  /** First block to index; absent: 0 on a dev chain, else the head. */
  readonly startBlock?: bigint;
  /** Blocks behind the head treated as final. */
  readonly finalityDepth: number;
  /** The ENS registry names are read from; for ethereum the mainnet registry by default, elsewhere none. */
  readonly ensRegistry?: `0x${string}`;
  /** A BSC-StakeHub-compatible contract whose logs are indexed as stake operations (docs/architecture.md §13). */
  readonly stakeHub?: `0x${string}`;
  /** JSON-RPC calls per HTTP request (0: no batches). */
  readonly rpcBatchSize: number;
  /** Calls the indexer keeps in flight per kind of bulk read. */
  readonly rpcCallsInFlight: number;
}

/** The ENS registry of Ethereum mainnet (and its testnets): ETHEREUM_ENS_REGISTRY's default. */
export const MAINNET_ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';

const rpcUrl = urlWithScheme(['http', 'https', 'ws', 'wss']);
const finalityDepth = nonNegativeInteger(100_000n, '100000').transform((n) => Number(n));
const rpcBatchSize = nonNegativeInteger(1000n, '1000').transform((n) => Number(n));
const rpcCallsInFlight = nonNegativeInteger(1000n, '1000')
  .refine((n) => n >= 1n, { error: 'must be at least 1' })
  .transform((n) => Number(n));
/*
 * The defaults every chain shares, ethereum (ETHEREUM_*) and the further ones (`<CHAIN>_*`), for every
 * client of a node: the indexer's bulk reads and the API's live reads. Calls issued in one tick leave as
 * JSON-RPC batches of the batch size, so the calls in flight are two HTTP requests per kind: few enough
 * round trips that a range of blocks is not read in a queue of small batches (fewer calls multiply the
 * rounds per range and the read floor of bench:indexer's spread workload), and several requests at once
 * so a node serves them in parallel (docs/architecture.md §6).
 */
const DEFAULT_FINALITY_DEPTH = '12';
const DEFAULT_RPC_BATCH_SIZE = '20';
const DEFAULT_RPC_CALLS_IN_FLIGHT = '40';

/**
 * The per-chain variables, `<CHAIN>_<NAME>` for every chain EVM_CHAINS names (`polygon-zkevm` →
 * `POLYGON_ZKEVM_RPC_URL`); ethereum's are the ETHEREUM_* variables of evmChainsEnv.
 */
export const chainEnv = z.object({
  RPC_URL: requiredVar(
    rpcUrl,
    'JSON-RPC endpoint of each chain named in `EVM_CHAINS` (`POLYGON_RPC_URL`, …).',
  ),
  START_BLOCK: optionalVar(blockNumber, '—', 'First block to index on that chain (0 … 2^53).'),
  FINALITY_DEPTH: withDefault(
    finalityDepth,
    DEFAULT_FINALITY_DEPTH,
    'As `ETHEREUM_FINALITY_DEPTH`, for that chain.',
  ),
  ENS_REGISTRY: optionalVar(contractAddress, 'none', 'As `ETHEREUM_ENS_REGISTRY`, for that chain.'),
  STAKE_HUB: optionalVar(contractAddress, 'none', 'As `ETHEREUM_STAKE_HUB`, for that chain.'),
  RPC_BATCH_SIZE: withDefault(
    rpcBatchSize,
    DEFAULT_RPC_BATCH_SIZE,
    'As `ETHEREUM_RPC_BATCH_SIZE`, for that chain.',
  ),
  RPC_CALLS_IN_FLIGHT: withDefault(
    rpcCallsInFlight,
    DEFAULT_RPC_CALLS_IN_FLIGHT,
    'As `ETHEREUM_RPC_CALLS_IN_FLIGHT`, for that chain.',
  ),
});

/** The chain indexed as `ethereum`, the further EVM chains, and Solana's node. */
export const evmChainsEnv = z.object({
  ETHEREUM_RPC_URL: optionalVar(
    rpcUrl,
    '— (dev chain)',
    'JSON-RPC endpoint (http/https/ws/wss) of the chain indexed as `ethereum`; with ws/wss new heads are followed as announced (else polled every 500 ms).',
  ),
  ETHEREUM_START_BLOCK: optionalVar(
    blockNumber,
    '0 on a dev chain (id 31337), else the head',
    'First block to index (0 … 2^53).',
  ),
  ETHEREUM_FINALITY_DEPTH: withDefault(
    finalityDepth,
    DEFAULT_FINALITY_DEPTH,
    'Blocks after which a block is final; reorgs within this window are reverted and replayed.',
  ),
  ETHEREUM_ENS_REGISTRY: withDefault(
    contractAddress,
    MAINNET_ENS_REGISTRY,
    "The ENS registry `POST /api/names/reverse` reads (mainnet's by default); other chains have none unless `<CHAIN>_ENS_REGISTRY` names one.",
  ),
  ETHEREUM_STAKE_HUB: optionalVar(
    contractAddress,
    'none',
    'A BSC-StakeHub-compatible contract: its `Delegated` / `Undelegated` / `Claimed` logs are indexed and the chain serves staking.',
  ),
  ETHEREUM_RPC_BATCH_SIZE: withDefault(
    rpcBatchSize,
    DEFAULT_RPC_BATCH_SIZE,
    "JSON-RPC calls per HTTP request to the chain's node (0 … 1000; `0`: each call alone), for the indexer and the API.",
  ),
  ETHEREUM_RPC_CALLS_IN_FLIGHT: withDefault(
    rpcCallsInFlight,
    DEFAULT_RPC_CALLS_IN_FLIGHT,
    'Calls the indexer keeps in flight per kind (blocks, receipts, traces) while it catches up (1 … 1000).',
  ),
  EVM_CHAINS: withDefault(
    commaList((c) => c.toLowerCase()),
    '',
    'More EVM chains to index, by registry id, e.g. `polygon,base,arbitrum`.',
    '—',
  ),
  SOLANA_RPC_URL: optionalVar(
    urlWithScheme(['http', 'https']),
    '— (`solana` unsupported)',
    'JSON-RPC endpoint (http/https) of a Solana node for `POST /api/txs/prepare-sign` with `chain: solana`.',
  ),
});

/** A chain's node and indexer settings unless its variables say otherwise: for callers built in code. */
export const DEFAULT_EVM_CHAIN_SETTINGS: Readonly<
  Pick<EvmChainConfig, 'finalityDepth' | 'rpcBatchSize' | 'rpcCallsInFlight'>
> = Object.freeze({
  finalityDepth: chainEnv.shape.FINALITY_DEPTH.parse(undefined),
  rpcBatchSize: chainEnv.shape.RPC_BATCH_SIZE.parse(undefined),
  rpcCallsInFlight: chainEnv.shape.RPC_CALLS_IN_FLIGHT.parse(undefined),
});
