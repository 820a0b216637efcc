import { encodeFunctionData, numberToHex, type Address, type Hex } from 'viem';
import { fixtureContract } from '@test/fixtures/contracts/compile';
import { seededRandom } from '@test/support/chain-workload';
import { callFixture, deployFixture, waitMined, type TestAnvil } from '@test/support/anvil';
import { rpcBatch, rpcBatches } from './rpc-batch';

export type WorkloadName = 'dense' | 'spread' | 'mixed';
export const WORKLOADS: readonly WorkloadName[] = ['dense', 'spread', 'mixed'];

export interface Token {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

/** A generated chain: what the service must index, and how to tell it has caught up. */
export interface Workload {
  readonly name: WorkloadName;
  readonly head: bigint;
  readonly tokens: readonly Token[];
  /** Every address whose balances the run must get exactly right. */
  readonly addresses: ReadonlySet<Address>;
  /**
   * An (address, asset) whose balance reaches its final value only with the chain's last transfer: the
   * service has caught up once the balances read model shows `expected` and the latest block is `head`.
   */
  readonly probe: { address: Address; asset: Address | 'native'; expected: bigint };
}

const TOKEN = { name: 'Bench Token', symbol: 'BENCH', decimals: 6 } as const;
const UNIT = 1_000_000n;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 50_000);

type Call = { method: string; params: readonly unknown[] };

export function generateWorkload(anvil: TestAnvil, name: WorkloadName): Promise<Workload> {
  if (name === 'dense') return generateDense(anvil);
  if (name === 'spread') return generateSpread(anvil);
  return generateMixed(anvil);
}

/** Today's shape: 500 transfers in each transaction, one transaction per block. */
async function generateDense(anvil: TestAnvil): Promise<Workload> {
  const perTx = 500;
  const recipients = 2_000;
  const token = await deployToken(anvil);
  const sender = await deployFixture(anvil, 'BatchTokenSender');
  await mint(anvil, token, [sender], UNIT * BigInt(TRANSFERS));
  for (let sent = 0; sent < TRANSFERS; sent += perTx) {
    const count = Math.min(perTx, TRANSFERS - sent);
    const hash = await callFixture(
      anvil.wallets[0],
      sender,
      'BatchTokenSender',
      'spray',
      [token, count, 0x10000n, recipients, UNIT, false],
      { gas: 30_000_000n },
    );
    if ((await waitMined(anvil, hash)) !== 'success') throw new Error('spray reverted');
  }
  return finish(anvil, 'dense', [tokenOf(token)], [sender, ...range(0x10000, recipients)]);
}

/**
 * A chain shaped like a busy real one: 1,000 blocks of 2 transactions, 25 transfers each from one
 * of 10 batch senders to 4,000 recipients, then 100 empty blocks.
 */
async function generateSpread(anvil: TestAnvil): Promise<Workload> {
  const perTx = 25;
  const recipients = 4_000;
  const senders = 10;
  const token = await deployToken(anvil);
  const batchSenders: Address[] = [];
  for (let i = 0; i < senders; i++) batchSenders.push(await deployFixture(anvil, 'BatchTokenSender'));
  await mint(anvil, token, batchSenders, UNIT * BigInt(TRANSFERS));
  const { abi } = fixtureContract('BatchTokenSender');
  const nonces = await pendingNonces(anvil);
  await setAutomine(anvil, false);
  const txs = Math.ceil(TRANSFERS / perTx);
  for (let k = 0; k < txs; k += 2) {
    const calls: Call[] = [];
    for (const j of [k, k + 1]) {
      if (j >= txs) break;
      const wallet = j % anvil.accounts.length;
      const data = encodeFunctionData({
        abi,
        functionName: 'spray',
        args: [
          token,
          BigInt(perTx),
          BigInt(0x10000 + ((j * perTx) % recipients)),
          BigInt(perTx),
          UNIT,
          false,
        ],
      });
      calls.push(send(anvil, wallet, nonces, batchSenders[j % senders], 0n, data, 2_000_000n));
    }
    await rpcBatch(anvil.rpcUrl, calls);
    await rpcBatch(anvil.rpcUrl, [{ method: 'evm_mine', params: [] }]);
  }
  await rpcBatch(anvil.rpcUrl, [{ method: 'anvil_mine', params: [numberToHex(100)] }]);
  await setAutomine(anvil, true);
  return finish(anvil, 'spread', [tokenOf(token)], [...batchSenders, ...range(0x10000, recipients)]);
}

/**
 * 300 blocks of 150 transactions from 10 accounts: 40 % native sends, 40 % ERC-20 transfers, 20 % calls
 * into a forwarder that moves ether onwards in internal calls (a quarter split it in two, a sixth
 * revert after forwarding and pay their fee all the same).
 */
async function generateMixed(anvil: TestAnvil): Promise<Workload> {
  const blocks = Number(process.env.BENCH_MIXED_BLOCKS ?? 300);
  const perBlock = 150;
  const random = seededRandom(9);
  const recipients = range(0x20000, 2_000);
  const pick = () => recipients[Math.floor(random() * recipients.length)];
  const wei = () => BigInt(1 + Math.floor(random() * 1e9)) * 1_000_000n;
  const token = await deployToken(anvil);
  const forwarder = await deployFixture(anvil, 'EthForwarder');
  const senders = anvil.accounts.map((a) => a.address);
  await mint(anvil, token, senders, UNIT * 10n ** 12n);
  const tokenAbi = fixtureContract('DemoToken').abi;
  const forwarderAbi = fixtureContract('EthForwarder').abi;
  const nonces = await pendingNonces(anvil);
  await setAutomine(anvil, false);
  const probe = '0x00000000000000000000000000000000000b0b0b' as Address;
  for (let b = 0; b < blocks; b++) {
    const calls: Call[] = [];
    for (let i = 0; i < perBlock; i++) {
      const wallet = i % senders.length;
      const last = b === blocks - 1 && i === perBlock - 1;
      const roll = random();
      if (last) calls.push(send(anvil, wallet, nonces, probe, 1_234_567n, '0x', 21_000n));
      else if (roll < 0.4) calls.push(send(anvil, wallet, nonces, pick(), wei(), '0x', 21_000n));
      else if (roll < 0.8) {
        const data = encodeFunctionData({
          abi: tokenAbi,
          functionName: 'transfer',
          args: [pick(), wei() % UNIT ** 2n],
        });
        calls.push(send(anvil, wallet, nonces, token, 0n, data, 90_000n));
      } else {
        const kind = random();
        const data =
          kind < 0.6
            ? encodeFunctionData({ abi: forwarderAbi, functionName: 'forward', args: [pick()] })
            : kind < 0.85
              ? encodeFunctionData({ abi: forwarderAbi, functionName: 'split', args: [pick(), pick()] })
              : encodeFunctionData({ abi: forwarderAbi, functionName: 'forwardThenRevert', args: [pick()] });
        calls.push(send(anvil, wallet, nonces, forwarder, wei(), data, 150_000n));
      }
    }
    await rpcBatch(anvil.rpcUrl, calls);
    await rpcBatch(anvil.rpcUrl, [{ method: 'evm_mine', params: [] }]);
  }
  await setAutomine(anvil, true);
  const head = await anvil.publicClient.getBlockNumber();
  const lastBlock = await anvil.publicClient.getBlock({ blockNumber: head });
  if (lastBlock.transactions.length !== perBlock) {
    throw new Error(`the last block holds ${lastBlock.transactions.length} transactions, not ${perBlock}`);
  }
  const coinbase = lastBlock.miner;
  return {
    name: 'mixed',
    head,
    tokens: [tokenOf(token)],
    addresses: new Set([...senders, ...recipients, forwarder, coinbase, probe]),
    probe: { address: probe, asset: 'native', expected: 1_234_567n },
  };
}

function send(
  anvil: TestAnvil,
  wallet: number,
  nonces: bigint[],
  to: Address,
  value: bigint,
  data: Hex,
  gas: bigint,
): Call {
  const nonce = nonces[wallet]++;
  return {
    method: 'eth_sendTransaction',
    params: [
      {
        from: anvil.accounts[wallet].address,
        to,
        value: numberToHex(value),
        data,
        gas: numberToHex(gas),
        nonce: numberToHex(nonce),
      },
    ],
  };
}

async function pendingNonces(anvil: TestAnvil): Promise<bigint[]> {
  const counts = await rpcBatch<Hex>(
    anvil.rpcUrl,
    anvil.accounts.map((a) => ({ method: 'eth_getTransactionCount', params: [a.address, 'pending'] })),
  );
  return counts.map((c) => BigInt(c));
}

function setAutomine(anvil: TestAnvil, on: boolean) {
  return rpcBatch(anvil.rpcUrl, [{ method: 'evm_setAutomine', params: [on] }]);
}

async function deployToken(anvil: TestAnvil): Promise<Address> {
  return deployFixture(anvil, 'DemoToken', [TOKEN.name, TOKEN.symbol, TOKEN.decimals]);
}

function tokenOf(address: Address): Token {
  return { address, symbol: TOKEN.symbol, decimals: TOKEN.decimals };
}

async function mint(anvil: TestAnvil, token: Address, to: readonly Address[], amount: bigint): Promise<void> {
  for (const address of to) {
    const hash = await callFixture(anvil.wallets[0], token, 'DemoToken', 'mint', [address, amount]);
    if ((await waitMined(anvil, hash)) !== 'success') throw new Error('mint reverted');
  }
}

function range(first: number, count: number): Address[] {
  return Array.from(
    { length: count },
    (_, i) => `0x${(first + i).toString(16).padStart(40, '0')}` as Address,
  );
}

/** The probe of a token workload: the receiver of the last Transfer log of the last non-empty block. */
async function finish(
  anvil: TestAnvil,
  name: WorkloadName,
  tokens: Token[],
  addresses: Address[],
): Promise<Workload> {
  const head = await anvil.publicClient.getBlockNumber();
  for (let n = head; n >= 0n; n--) {
    const block = await anvil.publicClient.getBlock({ blockNumber: n });
    if (block.transactions.length === 0) continue;
    const receipt = await anvil.publicClient.getTransactionReceipt({ hash: block.transactions.at(-1)! });
    if (receipt.status !== 'success') throw new Error(`the last transaction of ${name} reverted`);
    const log = receipt.logs.at(-1)!;
    const to = `0x${log.topics[2]!.slice(26)}` as Address;
    const [expected] = await rpcBatches<Hex>(anvil.rpcUrl, [balanceOfCall(log.address, to, head)]);
    return {
      name,
      head,
      tokens,
      addresses: new Set(addresses),
      probe: { address: to, asset: log.address, expected: BigInt(expected) },
    };
  }
  throw new Error(`${name}: no transaction on the chain`);
}

export function balanceOfCall(token: Address, owner: Address, block: bigint): Call {
  return {
    method: 'eth_call',
    params: [
      { to: token, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}` },
      numberToHex(block),
    ],
  };
}
