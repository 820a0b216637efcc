/**
 * What a request costs a key's budget, by route (docs/architecture.md §7): 1 unit for an answer from a
 * read model or a cache, more for routes that read a node, call out to the network or write events, in
 * rough proportion to the upstream calls they make. Routes not listed cost DEFAULT_ROUTE_COST. Keyed by
 * `METHOD path` as Fastify routes it (HEAD counts as GET). Work whose size depends on the request (unknown
 * contracts of a balances query, NFT metadata fetches) is charged on top by the handler (KeyBudget.chargeKey).
 */
export const DEFAULT_ROUTE_COST = 1;

export const ROUTE_COSTS: Readonly<Record<string, number>> = {
  // May read the node for contracts the registry lacks.
  'GET /api/balances/:address': 5,
  // Live from the node (cached per chain for a moment, docs/architecture.md §16).
  'GET /api/fees/:chain': 5,
  'GET /api/txs/status/:chain/:txHash': 3,
  'GET /api/chain/:chain/resources/:address': 5,
  'GET /api/staking/positions/:address': 3,
  'POST /api/approvals/allowance': 5,
  'POST /api/chain/evm/token-metadata': 5,
  // Nonce, gas estimate and fees: several node reads each.
  'POST /api/txs/prepare-sign': 10,
  'POST /api/txs/send': 10,
  'POST /api/staking/undelegate/build': 10,
  'POST /api/swaps/quote': 10,
  'POST /api/swaps/route': 10,
  // ENS reverse records and forward checks, per name.
  'POST /api/names/reverse': 10,
  // NFT metadata: an outbound fetch per new token.
  'GET /api/nfts/item': 10,
  'GET /api/nfts/collections/:address': 5,
  // Cached per symbol; a stale entry is refreshed from a feed or the price API.
  'GET /api/price/:symbol': 2,
  // Appends events.
  'POST /api/notifications/subscriptions': 5,
  'DELETE /api/notifications/subscriptions/:id': 2,
  'POST /api/notifications/signing-secret': 2,
  'POST /api/notifications/signing-secret/rotate': 2,
};

export function routeCost(method: string, url: string): number {
  return ROUTE_COSTS[`${method === 'HEAD' ? 'GET' : method} ${url}`] ?? DEFAULT_ROUTE_COST;
}
