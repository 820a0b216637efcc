import { SharedAnswers } from '@chainwire/core';
import { getChainParameters } from './get-chain-parameters';
import type { TronHttpClient } from './tron-http-client';

/**
 * How long a node's chain parameters are served from memory. They change only when a committee proposal
 * takes effect at a maintenance period (every few hours on mainnet), and depend on the node alone, never
 * on the caller: a burst of fee or prepare-sign requests from every key reads them once.
 */
export const CHAIN_PARAMETERS_TTL_MS = 60_000;

const answers = new SharedAnswers<TronHttpClient, ReadonlyMap<string, bigint>>(CHAIN_PARAMETERS_TTL_MS);

/** getChainParameters, shared per node client for CHAIN_PARAMETERS_TTL_MS; failures are not kept. */
export function getCachedChainParameters(client: TronHttpClient): Promise<ReadonlyMap<string, bigint>> {
  return answers.get(client, () => getChainParameters(client));
}
