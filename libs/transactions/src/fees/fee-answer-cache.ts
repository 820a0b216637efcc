/**
 * How long a chain's fee answer is served from memory (docs/architecture.md §16). The answer depends on
 * the chain alone, never on the caller, and moves with blocks: for this long a burst of fee requests
 * from every key reads the node once, at the price of levels up to this old (a fraction of Ethereum's
 * block time; fees are estimates with headroom anyway).
 */
export const FEE_ANSWER_TTL_MS = 2_000;
