import type { TronHttpClient } from './tron-http-client';
import { parseTronBlock, type TronBlock } from './tron-block';
import type { TronBlockJson } from './tron-wire';

/** The block at `num` (`/wallet/getblockbynum`); null when the node has none there yet (`{}`). */
export async function getBlockByNum(client: TronHttpClient, num: bigint): Promise<TronBlock | null> {
  return parseTronBlock(
    await client.post<TronBlockJson>('/wallet/getblockbynum', { num: Number(num) }, { exact: true }),
  );
}
