import type { TronHttpClient } from './tron-http-client';

interface ChainParametersWire {
  chainParameter?: { key: string; value?: number }[];
}

/**
 * The network's parameters (`/wallet/getchainparameters`) by key, e.g. `getEnergyFee` (sun per energy unit) and
 * `getTransactionFee` (sun per bandwidth byte). java-tron omits `value` where it is 0.
 */
export async function getChainParameters(client: TronHttpClient): Promise<ReadonlyMap<string, bigint>> {
  const answer = await client.post<ChainParametersWire>('/wallet/getchainparameters');
  return new Map((answer.chainParameter ?? []).map((p) => [p.key, BigInt(p.value ?? 0)]));
}
