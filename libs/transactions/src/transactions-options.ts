/** One chain the deployment reaches over JSON-RPC: the registry id and its node's URL. */
export interface ChainRpcConfig {
  /** Registry id, e.g. 'ethereum'. */
  readonly id: string;
  /** Absent: the chain has no node configured (its transaction routes answer UNSUPPORTED_CHAIN). */
  readonly rpcUrl?: string;
  /** JSON-RPC calls per HTTP request to the node (`<CHAIN>_RPC_BATCH_SIZE`). */
  readonly rpcBatchSize: number;
}

export interface TransactionsModuleOptions {
  /** The deployment's chains with their RPC URLs (AppConfig.chains, the dev chain's URL for ethereum). */
  readonly chains: readonly ChainRpcConfig[];
  /** The Solana node (SOLANA_RPC_URL) behind chain `solana`; absent: its routes answer UNSUPPORTED_CHAIN. */
  readonly solana?: { readonly url: string };
  /** The java-tron HTTP API (TRON_RPC_URL, TRON_API_KEY) behind chain `tron`; absent: UNSUPPORTED_CHAIN. */
  readonly tron?: { readonly url: string; readonly apiKey?: string };
  /** Per JSON-RPC request; default 10 s. */
  readonly rpcTimeoutMs?: number;
}

export const TRANSACTIONS_OPTIONS = Symbol('TransactionsModuleOptions');
