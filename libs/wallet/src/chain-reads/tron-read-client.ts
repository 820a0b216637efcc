import { TronHttpClient } from '@chainwire/chains';

/** Where the wallet's live Tron reads go (TRC-10 tokens a balances query names): TRON_RPC_URL, TRON_API_KEY. */
export interface TronReadNode {
  readonly url: string;
  readonly apiKey?: string;
}

/** The wallet's Tron node client, or null in a deployment without a Tron node. */
export const TRON_READ_CLIENT = Symbol('TronReadClient');

export function tronReadClient(node: TronReadNode | undefined, timeoutMs?: number): TronHttpClient | null {
  return node ? new TronHttpClient({ ...node, timeoutMs }) : null;
}
