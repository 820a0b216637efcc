import { TronNodeError, type TronHttpClient } from './tron-http-client';
import { parseTronBlock, type TronBlock } from './tron-block';
import type { TronBlockJson } from './tron-wire';

/**
 * The node's newest block (`/wallet/getnowblock`), or with `solidified` the newest block the
 * super representatives have confirmed (`/walletsolidity/getnowblock`, which never reorgs).
 */
export async function getNowBlock(
  client: TronHttpClient,
  options: { solidified?: boolean } = {},
): Promise<TronBlock> {
  const path = options.solidified ? '/walletsolidity/getnowblock' : '/wallet/getnowblock';
  const block = parseTronBlock(await client.post<TronBlockJson>(path, {}, { exact: true }));
  if (!block) throw new TronNodeError(path, 'the node has no block');
  return block;
}
