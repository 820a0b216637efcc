import type { TronHttpClient } from './tron-http-client';

/**
 * The account's unclaimed voting reward in sun (`/wallet/getReward`; java-tron answers `{reward}` and `{}`
 * for none). java-tron writes it as a JSON number: exact up to 2^53 sun (9 billion TRX).
 */
export async function getTronReward(node: TronHttpClient, address: string): Promise<bigint> {
  const answer = await node.post<{ reward?: number }>('/wallet/getReward', { address, visible: true });
  const reward = answer.reward ?? 0;
  if (!Number.isSafeInteger(reward) || reward < 0) {
    throw new Error(`Tron node /wallet/getReward: unexpected reward ${JSON.stringify(answer.reward)}`);
  }
  return BigInt(reward);
}
