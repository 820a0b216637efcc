import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type PublicClient,
} from 'viem';
import { callFixture, deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { createEvmTxClient } from './evm-tx-client';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from '../testing/adapter-settings-for-code';
import { estimateGas } from './estimate-gas';
import { getPendingNonce } from './get-pending-nonce';
import { getTransactionStatus } from './get-transaction-status';
import { sendRawTransaction } from './send-raw-transaction';
import { simulateTransaction } from './simulate-transaction';
import { BroadcastRejectedError, ChainUnavailableError, ExecutionFailedError } from './tx-errors';

describe('EVM transaction operations against anvil', () => {
  let anvil: TestAnvil;
  let client: PublicClient;
  let token: Address;
  let reverter: Address;
  let a: Address[];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    client = createEvmTxClient(anvil.rpcUrl, { batchSize: CHAIN_NODE_SETTINGS_FOR_CODE.rpcBatchSize });
    a = anvil.accounts.map((x) => x.address);
    token = await deployFixture(anvil, 'DemoToken', ['Ops Token', 'OPS', 6]);
    reverter = await deployFixture(anvil, 'Reverter');
    await waitMined(anvil, await callFixture(anvil.wallets[0], token, 'DemoToken', 'mint', [a[1], 1000n]));
  });
  afterAll(() => anvil?.stop());

  const rejection = async (promise: Promise<unknown>): Promise<Error> => {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected a rejection');
  };

  it('estimates a token transfer and decodes the revert of one beyond the balance', async () => {
    const data = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a[2], amount] });
    const gas = await estimateGas(client, { from: a[1], to: token, value: 0n, data: data(1000n) });
    expect(gas).toBeGreaterThan(21_000n);
    const error = await rejection(
      estimateGas(client, { from: a[1], to: token, value: 0n, data: data(1001n) }),
    );
    expect(error).toBeInstanceOf(ExecutionFailedError);
    expect(error.message).toBe('ERC20: transfer amount exceeds balance');
  });

  it('simulates the exact transaction: a revert reason, and value plus gas beyond the balance', async () => {
    const fees = { maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n };
    const revert = await rejection(
      simulateTransaction(client, { from: a[1], to: reverter, value: 1n, gas: 100_000n, fees }),
    );
    expect(revert).toBeInstanceOf(ExecutionFailedError);
    expect(revert.message).toBe('Reverter: refuses ether');

    const balance = await client.getBalance({ address: a[3] });
    // The value alone is affordable; value + gas × max fee is not.
    const tooMuch = await rejection(
      simulateTransaction(client, { from: a[3], to: a[4], value: balance - 1000n, gas: 21_000n, fees }),
    );
    expect(tooMuch).toBeInstanceOf(ExecutionFailedError);
    expect(tooMuch.message).toMatch(/insufficient funds/i);
    await expect(
      simulateTransaction(client, { from: a[3], to: a[4], value: parseEther('1'), gas: 21_000n, fees }),
    ).resolves.toBeUndefined();
  });

  it('counts pooled transactions in the pending nonce and reports PENDING, then CONFIRMED', async () => {
    const sender = anvil.wallets[5];
    const mined = await getPendingNonce(client, a[5]);
    await anvil.testClient.setAutomine(false);
    try {
      const hash = await sender.sendTransaction({ to: a[6], value: 1n });
      expect(await getPendingNonce(client, a[5])).toBe(mined + 1);
      expect(await getTransactionStatus(client, hash)).toEqual({
        status: 'PENDING',
        blockNumber: null,
        confirmations: 0n,
      });
      await anvil.testClient.mine({ blocks: 1 });
      const head = await client.getBlockNumber({ cacheTime: 0 });
      await anvil.testClient.mine({ blocks: 2 });
      expect(await getTransactionStatus(client, hash)).toEqual({
        status: 'CONFIRMED',
        blockNumber: head,
        confirmations: 3n,
      });
    } finally {
      await anvil.testClient.setAutomine(true);
    }
  });

  it('reports a reverted transaction as FAILED and an unknown hash as NOT_FOUND', async () => {
    const hash = await callFixture(anvil.wallets[2], reverter, 'Reverter', 'burnAndRevert', [1n], {
      gas: 100_000n,
    });
    expect(await waitMined(anvil, hash)).toBe('reverted');
    expect((await getTransactionStatus(client, hash)).status).toBe('FAILED');
    expect(await getTransactionStatus(client, keccak256(toHex('never sent')))).toEqual({
      status: 'NOT_FOUND',
      blockNumber: null,
      confirmations: 0n,
    });
  });

  it("rejects undecodable and replayed transactions with the node's reason", async () => {
    const garbage = await rejection(sendRawTransaction(client, '0x02f86b'));
    expect(garbage).toBeInstanceOf(BroadcastRejectedError);
    expect(garbage.message).toMatch(/decode/i);

    const wallet = anvil.wallets[7];
    const request = await wallet.prepareTransactionRequest({ to: a[8], value: 5n });
    const signed = await wallet.signTransaction(request as never);
    const hash = await sendRawTransaction(client, signed);
    expect(await waitMined(anvil, hash)).toBe('success');
    const replay = await rejection(sendRawTransaction(client, signed));
    expect(replay).toBeInstanceOf(BroadcastRejectedError);
    expect(replay.message).toMatch(/nonce/i);
  });

  it('reports an unreachable node as unavailable, not as a refusal', async () => {
    const dead = createEvmTxClient('http://127.0.0.1:9', {
      retryCount: 0,
      timeoutMs: 2000,
      batchSize: CHAIN_NODE_SETTINGS_FOR_CODE.rpcBatchSize,
    });
    expect(await rejection(getPendingNonce(dead, a[1]))).toBeInstanceOf(ChainUnavailableError);
    expect(await rejection(sendRawTransaction(dead, '0x02f86b'))).toBeInstanceOf(ChainUnavailableError);
  });
});
