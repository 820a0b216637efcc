/** One chain the deployment reaches over JSON-RPC: the registry id and its node's URL. */
export interface ChainRpcConfig {
  /** Registry id, e.g. 'ethereum'. */
  readonly id: string;
  /** Absent: the chain has no node configured (its transaction routes answer UNSUPPORTED_CHAIN). */
  readonly rpcUrl?: string;
}

export interface TransactionsModuleOptions {
  /** The deployment's chains with their RPC URLs (AppConfig.chains, the dev chain's URL for ethereum). */
  readonly chains: readonly ChainRpcConfig[];
  /** Per JSON-RPC request; default 10 s. */
  readonly rpcTimeoutMs?: number;
}

export const TRANSACTIONS_OPTIONS = Symbol('TransactionsModuleOptions');
