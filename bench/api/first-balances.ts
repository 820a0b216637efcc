import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';

export interface FirstBalancesFigures {
  readonly count: number;
  /** The service's first request for an address never asked about: ms. */
  readonly service: { p50: number; p99: number };
  /** The node round trip the first request needs at least: one JSON-RPC batch of the same reads, ms. */
  readonly node: { p50: number; p99: number };
}

/**
 * First requests (docs/architecture.md §5, balance observations): `count` addresses nobody asked about,
 * one request each, in turn, so each reads the node and records its observation; beside them, in turns,
 * the bare node round trip such a request cannot do without: the same eth_getBalance and balanceOf in one
 * JSON-RPC batch, straight to the node.
 */
export async function measureFirstBalances(
  serviceUrl: string,
  headers: Record<string, string>,
  rpcUrl: string,
  token: Address,
  count: number,
): Promise<FirstBalancesFigures> {
  const service: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < count; i++) {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    let start = performance.now();
    const res = await fetch(`${serviceUrl}/api/balances/${address}?chain=ethereum&assetIds=${token}`, {
      headers,
    });
    await res.text();
    if (res.status !== 200) throw new Error(`first balances ${address}: ${res.status}`);
    service.push(performance.now() - start);
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [other] });
    start = performance.now();
    const rpc = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [other, 'latest'] },
        { jsonrpc: '2.0', id: 2, method: 'eth_call', params: [{ to: token, data }, 'latest'] },
      ]),
    });
    await rpc.text();
    node.push(performance.now() - start);
  }
  return { count, service: percentiles(service), node: percentiles(node) };
}

function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
