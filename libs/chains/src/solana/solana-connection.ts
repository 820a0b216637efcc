import type { Connection } from '@solana/web3.js';
import { solanaSplToken, solanaWeb3 } from './solana-libraries';

/** Where a Solana node's JSON-RPC API answers (`SOLANA_RPC_URL`). */
export interface SolanaNodeConfig {
  readonly url: string;
  /** Per request; default 10 s. */
  readonly timeoutMs?: number;
}

/**
 * A web3.js Connection on the node: `confirmed` commitment (a blockhash the cluster voted on, still fresh
 * for ~150 blocks), no built-in retry on HTTP 429 (a rate-limited node answers 503 here at once instead of
 * stalling the request behind web3.js' back-off), and a per-request timeout.
 */
export function createSolanaConnection(config: SolanaNodeConfig): Connection {
  const timeoutMs = config.timeoutMs ?? 10_000;
  // A deployment with a Solana node loads the token program's library with the connection, at boot.
  solanaSplToken();
  return new (solanaWeb3().Connection)(config.url, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
    fetch: ((input: string | URL, init?: RequestInit) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) })) as unknown as typeof fetch,
  });
}
