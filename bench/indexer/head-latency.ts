import { performance } from 'node:perf_hooks';
import { isLosslessNumber, parse } from 'lossless-json';
import { numberToHex, type Address } from 'viem';
import type { TestAnvil } from '@test/support/anvil';
import type { ServiceProcess } from '@test/support/service-process';
import { rpcBatch } from './rpc-batch';

/** The indexer's default poll interval over http(s); the baseline polls the node at the same rate. */
const POLL_MS = 500;

/** Each sample's recipient, fresh across calls: a balance from an earlier sample would answer at once. */
let nextRecipient = 0xc0ffee0000;

export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface HeadLatency {
  readonly samples: number;
  /** Node mines → GET /api/blocks/latest answers the block. */
  readonly block: Percentiles;
  /** Node mines → GET /api/balances shows the block's transfer in the recipient's native balance. */
  readonly balance: Percentiles;
  /** A bare loop polling eth_blockNumber every POLL_MS: what any polling client pays. */
  readonly baselineP50: number;
  /** The node's head after the last sample (the blocks mined here hold a transfer each). */
  readonly head: bigint;
}

/**
 * With the service caught up, mines blocks one at a time at irregular moments, each holding one native
 * transfer to an address of its own, and times until GET /api/blocks/latest answers the block and until
 * GET /api/balances shows the transfer: the two read models a wallet shows first.
 */
export async function measureHeadLatency(
  anvil: TestAnvil,
  service: ServiceProcess,
  blocks = 40,
): Promise<HeadLatency> {
  const blockMs: number[] = [];
  const balanceMs: number[] = [];
  const baseline: number[] = [];
  const sender = anvil.accounts[0].address;
  await rpcBatch(anvil.rpcUrl, [{ method: 'evm_setAutomine', params: [false] }]);
  try {
    for (let i = 0; i < blocks; i++) {
      await new Promise((r) => setTimeout(r, 50 + 97 * (i % 7)));
      const recipient = `0x${(nextRecipient++).toString(16).padStart(40, '0')}` as Address;
      const amount = 1_000_000_007n + BigInt(i);
      // A balance the service already shows must not pass for the new one.
      if ((await anvil.publicClient.getBalance({ address: recipient })) !== 0n) {
        throw new Error(`head latency: ${recipient} holds ether already`);
      }
      await rpcBatch(anvil.rpcUrl, [
        {
          method: 'eth_sendTransaction',
          params: [{ from: sender, to: recipient, value: numberToHex(amount), gas: numberToHex(21_000) }],
        },
      ]);
      await anvil.testClient.mine({ blocks: 1 });
      const mined = performance.now();
      const target = await anvil.publicClient.getBlockNumber();
      let nextPoll = mined + Math.random() * POLL_MS;
      let polled = false;
      let blockSeen = false;
      let balanceSeen = false;
      while (!polled || !blockSeen || !balanceSeen) {
        const now = performance.now();
        if (!polled && now >= nextPoll) {
          if ((await anvil.publicClient.getBlockNumber()) >= target) {
            baseline.push(performance.now() - mined);
            polled = true;
          } else nextPoll += POLL_MS;
        }
        if (!blockSeen && (await latestBlock(service)) >= target) {
          blockMs.push(performance.now() - mined);
          blockSeen = true;
        }
        if (!balanceSeen && (await nativeBalance(service, recipient)) === amount) {
          balanceMs.push(performance.now() - mined);
          balanceSeen = true;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  } finally {
    await rpcBatch(anvil.rpcUrl, [{ method: 'evm_setAutomine', params: [true] }]);
  }
  const baselineSorted = [...baseline].sort((a, b) => a - b);
  return {
    samples: blockMs.length,
    block: percentiles(blockMs),
    balance: percentiles(balanceMs),
    baselineP50: Math.round(baselineSorted[Math.floor(baselineSorted.length / 2)]),
    head: await anvil.publicClient.getBlockNumber(),
  };
}

async function latestBlock(service: ServiceProcess): Promise<bigint> {
  const res = await service.get('/api/blocks/latest?chain=ethereum');
  if (res.status !== 200) return -1n;
  return BigInt(String((parse(res.text) as { number: unknown }).number));
}

/** The native balance GET /api/balances answers for `address`, 0 while it holds none. */
async function nativeBalance(service: ServiceProcess, address: Address): Promise<bigint> {
  const res = await service.get(`/api/balances/${address}?chain=ethereum&assetIds=native`);
  if (res.status !== 200) throw new Error(`balances: ${res.status} ${res.text}`);
  const body = parse(res.text) as { data: { assets: { assetId: string; smallestUnit: unknown }[] } };
  const native = body.data.assets.find((a) => a.assetId === 'native')?.smallestUnit;
  return isLosslessNumber(native) ? BigInt(native.toString()) : 0n;
}

function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1]) };
}
