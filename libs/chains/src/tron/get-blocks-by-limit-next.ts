import type { TronHttpClient } from './tron-http-client';
import { parseTronBlock, type TronBlock } from './tron-block';
import type { TronBlockJson } from './tron-wire';

/** java-tron's `BLOCK_LIMIT_NUM`: a range wider than this is answered `{}`, not refused. */
export const TRON_BLOCKS_PER_CALL = 100;

/**
 * Blocks `from` … `to` inclusive (`/wallet/getblockbylimitnext`, whose `endNum` is exclusive), ascending.
 * Throws RangeError for a range java-tron would silently answer `{}` for (empty or over 100 blocks), so
 * an empty answer always means the node has not got that far.
 */
export async function getBlocksByLimitNext(
  client: TronHttpClient,
  from: bigint,
  to: bigint,
): Promise<TronBlock[]> {
  const count = to - from + 1n;
  if (from < 0n || count < 1n || count > BigInt(TRON_BLOCKS_PER_CALL)) {
    throw new RangeError(
      `getblockbylimitnext takes 1 to ${TRON_BLOCKS_PER_CALL} blocks, asked ${from}…${to}`,
    );
  }
  const answer = await client.post<{ block?: TronBlockJson[] }>(
    '/wallet/getblockbylimitnext',
    { startNum: Number(from), endNum: Number(to + 1n) },
    { exact: true },
  );
  return (answer.block ?? [])
    .map((json) => parseTronBlock(json))
    .filter((b): b is TronBlock => b !== null)
    .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}
