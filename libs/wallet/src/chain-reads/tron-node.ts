import type { TronHttpClient } from '@chainwire/chains';

/**
 * The Tron node the API reads live values from (TRON_RPC_URL): resources, and tokens a balances query names
 * that the registry lacks. Null when none is configured.
 */
export const TRON_NODE = Symbol('TronNode');
export type TronNode = TronHttpClient | null;
