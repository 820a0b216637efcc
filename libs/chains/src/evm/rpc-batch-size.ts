/**
 * JSON-RPC calls per HTTP request when several are issued in the same tick, for every client of a
 * node: the indexer's bulk reads and the API's live reads. `<CHAIN>_RPC_BATCH_SIZE` overrides it per
 * chain, for providers that limit batches or meter them per request.
 */
export const DEFAULT_RPC_BATCH_SIZE = 20;
