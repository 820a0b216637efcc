import { WaitForTransactionReceiptTimeoutError } from 'viem';
import { deriveDevAccounts } from './dev-accounts';
import { devChainClients } from './dev-clients';
import { spawnAnvil, type AnvilProcess } from './spawn-anvil';
import { waitForReceipt } from './wait-for-receipt';

describe('waitForReceipt', () => {
  let anvil: AnvilProcess;
  // No automine: a block comes only when the test mines one, so a wait that needs a later block cannot pass.
  beforeAll(async () => (anvil = await spawnAnvil({ accounts: 2, noMining: true })));
  afterAll(() => anvil?.stop());

  const clients = () => {
    const [sender, receiver] = deriveDevAccounts(2);
    const { publicClient, wallet } = devChainClients(anvil.rpcUrl, 31337, sender.privateKey);
    const send = () => wallet.sendTransaction({ to: receiver.address, value: 1n });
    const mine = () => publicClient.request({ method: 'evm_mine', params: [] } as never);
    return { publicClient, send, mine };
  };

  it('resolves with the receipt once the transaction is mined, with no block after it', async () => {
    const { publicClient, send, mine } = clients();
    const hash = await send();
    const waiting = waitForReceipt(publicClient, hash, { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 150));
    await mine();
    const receipt = await waiting;
    expect(receipt.transactionHash).toBe(hash);
    expect(receipt.status).toBe('success');
    expect(receipt.blockNumber).toBe(await publicClient.getBlockNumber({ cacheTime: 0 }));
  });

  it('times out with viem’s typed error on a transaction that is never mined', async () => {
    const { publicClient, send } = clients();
    const hash = await send();
    await expect(waitForReceipt(publicClient, hash, { timeoutMs: 300 })).rejects.toBeInstanceOf(
      WaitForTransactionReceiptTimeoutError,
    );
  });

  it('passes on errors other than a missing receipt instead of polling through them', async () => {
    const { publicClient } = clients();
    await anvil.stop();
    await expect(
      waitForReceipt(publicClient, `0x${'ab'.repeat(32)}`, { timeoutMs: 5_000 }),
    ).rejects.not.toBeInstanceOf(WaitForTransactionReceiptTimeoutError);
  });
});
