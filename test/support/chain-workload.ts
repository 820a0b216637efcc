import { encodeFunctionData, parseEther, type Address, type Hex } from 'viem';
import { fixtureContract } from '../fixtures/contracts/compile';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { callFixture, deployFixture, waitMined, type TestAnvil } from './anvil';

/** Deterministic PRNG (mulberry32) so a failing workload can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WorkloadContracts {
  tokens: { address: Address; symbol: string; name: string; decimals: number }[];
  forwarder: Address;
  reverter: Address;
}

/** Two demo tokens (18 and 6 decimals) minted to the first five dev accounts, a forwarder and a reverter. */
export async function deployWorkloadContracts(anvil: TestAnvil): Promise<WorkloadContracts> {
  const specs = [
    { symbol: 'ALP', name: 'Alpha Token', decimals: 18 },
    { symbol: 'BET', name: 'Beta Token', decimals: 6 },
  ];
  const tokens = [];
  for (const spec of specs) {
    const address = await deployFixture(anvil, 'DemoToken', [spec.name, spec.symbol, spec.decimals]);
    for (const account of anvil.accounts.slice(0, 5)) {
      await waitMined(
        anvil,
        await callFixture(anvil.wallets[0], address, 'DemoToken', 'mint', [account.address, 10n ** 30n + 7n]),
      );
    }
    tokens.push({ address, ...spec });
  }
  return {
    tokens,
    forwarder: await deployFixture(anvil, 'EthForwarder'),
    reverter: await deployFixture(anvil, 'Reverter'),
  };
}

/**
 * A random mix of native sends, token transfers and mints, internal value transfers through the
 * forwarder, and reverted transactions that still pay gas. Returns every address it touched.
 */
export async function runRandomWorkload(
  anvil: TestAnvil,
  contracts: WorkloadContracts,
  options: { operations: number; seed: number },
): Promise<Set<Address>> {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const amount = (max: bigint) => (BigInt(Math.floor(random() * 1e9)) * max) / 1_000_000_000n + 1n;
  const fresh = Array.from({ length: 8 }, () => privateKeyToAccount(generatePrivateKey()).address);
  const targets: Address[] = [...anvil.accounts.slice(5).map((a) => a.address), ...fresh];
  const senders = anvil.wallets.slice(0, 5);
  const touched = new Set<Address>([...anvil.accounts.map((a) => a.address), ...fresh, contracts.forwarder]);

  for (let i = 0; i < options.operations; i++) {
    const wallet = pick(senders);
    const op = random();
    let hash: Hex;
    if (op < 0.3) {
      hash = await wallet.sendTransaction({ to: pick(targets), value: amount(parseEther('2')) });
    } else if (op < 0.55) {
      const token = pick(contracts.tokens);
      hash = await callFixture(wallet, token.address, 'DemoToken', 'transfer', [
        pick(targets),
        amount(10n ** 24n),
      ]);
    } else if (op < 0.65) {
      const token = pick(contracts.tokens);
      hash = await callFixture(anvil.wallets[0], token.address, 'DemoToken', 'mint', [
        pick(targets),
        amount(10n ** 20n),
      ]);
    } else if (op < 0.8) {
      hash = await callFixture(wallet, contracts.forwarder, 'EthForwarder', 'forward', [pick(targets)], {
        value: amount(parseEther('1')),
      });
    } else if (op < 0.88) {
      hash = await callFixture(
        wallet,
        contracts.forwarder,
        'EthForwarder',
        'split',
        [pick(targets), pick(targets)],
        {
          value: amount(parseEther('1')),
        },
      );
    } else if (op < 0.92) {
      // A failed inner frame inside a successful transaction: the value stays with the forwarder.
      const data = encodeFunctionData({
        abi: fixtureContract('Reverter').abi,
        functionName: 'burnAndRevert',
        args: [3n],
      });
      hash = await callFixture(
        wallet,
        contracts.forwarder,
        'EthForwarder',
        'tryCall',
        [contracts.reverter, data],
        {
          value: amount(parseEther('1')),
          gas: 300_000n,
        },
      );
    } else {
      // Explicit gas: estimation would refuse a call that reverts, but a mined revert still pays its fee.
      hash = await callFixture(
        wallet,
        contracts.forwarder,
        'EthForwarder',
        'forwardThenRevert',
        [pick(targets)],
        {
          value: amount(parseEther('1')),
          gas: 100_000n,
        },
      );
    }
    await waitMined(anvil, hash);
  }
  return touched;
}
