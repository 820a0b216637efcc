import { parse, isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { erc20Abi, type Address } from 'viem';
import type { TestAnvil } from './anvil';
import type { ServiceProcess } from './service-process';

/** Per address: asset ('native' or lower-case contract) → smallest units, zero balances omitted. */
export type BalanceSheet = Record<string, Record<string, string>>;

/** Balances as the API reports them, read exactly (no float on the way). */
export async function apiBalances(
  service: ServiceProcess,
  addresses: Iterable<Address>,
  tokens: readonly Address[],
): Promise<BalanceSheet> {
  const sheet: BalanceSheet = {};
  for (const address of addresses) {
    const res = await service.get(`/api/balances/${address}?chain=ethereum&assetIds=${tokens.join(',')}`);
    if (res.status !== 200) throw new Error(`balances ${address}: ${res.status} ${res.text}`);
    const body = parse(res.text) as {
      data: { assets: { assetId: string; smallestUnit: LosslessNumber }[] };
    };
    const row: Record<string, string> = {};
    for (const asset of body.data.assets) {
      if (!isLosslessNumber(asset.smallestUnit)) throw new Error('smallestUnit is not a number literal');
      row[asset.assetId.toLowerCase()] = asset.smallestUnit.toString();
    }
    sheet[address.toLowerCase()] = row;
  }
  return sheet;
}

/** The same sheet read from the node at its head: eth_getBalance and balanceOf. */
export async function nodeBalances(
  anvil: TestAnvil,
  addresses: Iterable<Address>,
  tokens: readonly Address[],
): Promise<BalanceSheet> {
  const sheet: BalanceSheet = {};
  const blockNumber = await anvil.publicClient.getBlockNumber();
  for (const address of addresses) {
    const row: Record<string, string> = {};
    const native = await anvil.publicClient.getBalance({ address, blockNumber });
    if (native !== 0n) row.native = native.toString();
    for (const token of tokens) {
      const amount = await anvil.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber,
      });
      if (amount !== 0n) row[token.toLowerCase()] = amount.toString();
    }
    sheet[address.toLowerCase()] = row;
  }
  return sheet;
}

/** Retries `check` until it stops throwing or the timeout passes (the read models trail the chain). */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 60_000,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
