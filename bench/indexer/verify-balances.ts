import { numberToHex, type Address, type Hex } from 'viem';
import type { Database } from '@chainwire/core';
import { rpcBatches } from './rpc-batch';
import { balanceOfCall, type Workload } from './workloads';

/**
 * A benchmark that indexes wrongly measures nothing: every balance the read model holds for the
 * workload's assets, and every address the workload touched, must equal the node's at the head, to
 * the last unit. Returns how many balances were compared.
 */
export async function verifyBalances(db: Database, rpcUrl: string, workload: Workload): Promise<number> {
  const assets = ['native', ...workload.tokens.map((t) => t.address.toLowerCase())];
  const { rows } = await db.pool.query<{ address: string; asset: string; amount: string }>(
    `SELECT address, asset, amount::text AS amount FROM balances WHERE chain = 'ethereum' AND asset = ANY($1)`,
    [assets],
  );
  const projected = new Map(rows.map((r) => [`${r.asset}|${r.address}`, BigInt(r.amount)]));
  const keys = new Set(projected.keys());
  for (const address of workload.addresses) {
    if (workload.name === 'mixed') keys.add(`native|${address.toLowerCase()}`);
    for (const token of workload.tokens) keys.add(`${token.address.toLowerCase()}|${address.toLowerCase()}`);
  }
  const pairs = [...keys]
    .map((k) => k.split('|') as [string, Address])
    // The zero address is the other side of mints in the fold, not an account with a balance.
    .filter(([asset, address]) => !(asset !== 'native' && /^0x0{40}$/.test(address)));
  const answers = await rpcBatches<Hex>(
    rpcUrl,
    pairs.map(([asset, address]) =>
      asset === 'native'
        ? { method: 'eth_getBalance', params: [address, numberToHex(workload.head)] }
        : balanceOfCall(asset as Address, address, workload.head),
    ),
  );
  const mismatches: string[] = [];
  pairs.forEach(([asset, address], i) => {
    const node = BigInt(answers[i]);
    const ours = projected.get(`${asset}|${address}`) ?? 0n;
    if (node !== ours) mismatches.push(`${asset} ${address}: read model ${ours}, node ${node}`);
  });
  if (mismatches.length > 0) {
    throw new Error(
      `${workload.name}: ${mismatches.length} balances differ:\n${mismatches.slice(0, 20).join('\n')}`,
    );
  }
  return pairs.length;
}
