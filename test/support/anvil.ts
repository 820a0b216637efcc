import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  publicActions,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  deriveDevAccounts,
  type DevAccount,
  spawnAnvil,
  type SpawnAnvilOptions,
  waitForReceipt,
} from '@chainwire/chains';
import { fixtureContract, type FixtureName } from '../fixtures/contracts/compile';

export type TestWallet = WalletClient<Transport, Chain, Account>;

export interface TestAnvil {
  readonly rpcUrl: string;
  /** The anvil process (benchmarks read its CPU time). */
  readonly pid: number;
  readonly chain: Chain;
  readonly accounts: readonly DevAccount[];
  /** No caching: every call reaches the node. */
  readonly publicClient: PublicClient;
  /** anvil_* / evm_* cheat codes, with public actions too. */
  readonly testClient: TestClient<'anvil', Transport, Chain>;
  /** A wallet per dev account, in account order. */
  readonly wallets: readonly TestWallet[];
  stop(): Promise<void>;
}

/** An ephemeral anvil (default chain id 31337, 10 funded default-mnemonic accounts) and viem clients for it. */
export async function startTestAnvil(options: SpawnAnvilOptions = {}): Promise<TestAnvil> {
  const anvil = await spawnAnvil({ accounts: 10, ...options });
  const chainId = options.chainId ?? 31337;
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl);
  const accounts = deriveDevAccounts(options.accounts ?? 10, options.mnemonic);
  return {
    rpcUrl: anvil.rpcUrl,
    pid: anvil.pid,
    chain,
    accounts,
    publicClient: createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 20 }),
    testClient: createTestClient({
      chain,
      transport,
      mode: 'anvil',
      cacheTime: 0,
      pollingInterval: 20,
    }).extend(publicActions),
    wallets: accounts.map((a) =>
      createWalletClient({ chain, transport, account: privateKeyToAccount(a.privateKey), cacheTime: 0 }),
    ),
    stop: anvil.stop,
  };
}

/** Deploys a fixture contract from `wallet` and waits for it to be mined. */
export async function deployFixture(
  anvil: TestAnvil,
  name: FixtureName,
  args: readonly unknown[] = [],
  wallet: TestWallet = anvil.wallets[0],
): Promise<Address> {
  const { abi, bytecode } = fixtureContract(name);
  const hash = await wallet.deployContract({ abi, bytecode, args } as never);
  const receipt = await waitForReceipt(anvil.publicClient, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
  return receipt.contractAddress;
}

/** Sends a contract call without waiting; `waitForSuccess` / `waitMined` then settle it. */
export function callFixture(
  wallet: TestWallet,
  address: Address,
  name: FixtureName,
  functionName: string,
  args: readonly unknown[] = [],
  extra: { value?: bigint; gas?: bigint } = {},
): Promise<Hex> {
  const { abi } = fixtureContract(name);
  return wallet.writeContract({ address, abi: abi as Abi, functionName, args, ...extra } as never);
}

export async function waitMined(anvil: TestAnvil, hash: Hex): Promise<'success' | 'reverted'> {
  return (await waitForReceipt(anvil.publicClient, hash)).status;
}

/** anvil_reorg: replaces the last `depth` blocks with as many new ones (the head number stays). */
export async function reorg(
  anvil: TestAnvil,
  depth: number,
  transactions: readonly [unknown, number][] = [],
): Promise<void> {
  await anvil.testClient.request({ method: 'anvil_reorg', params: [depth, transactions] } as never);
}
