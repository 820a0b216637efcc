import { Webhook } from 'standardwebhooks';
import { getAddress, parseEther } from 'viem';
import { reorg, startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { type DemoToken, demoTokenAbi, deployDemoTokens, waitForReceipt } from '@chainwire/chains';
import { EvmIndexer } from '@chainwire/indexing';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '@chainwire/indexing/testing';
import { settle } from '../testing/settle';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

describe('real transfers on anvil, through the EVM indexer, to verified webhooks', () => {
  let t: WebhooksTestApp;
  let anvil: TestAnvil;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;
  let indexer: EvmIndexer;
  let token: DemoToken;

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    anvil = await startTestAnvil();
    receiver = await startTestReceiver();
    [token] = await deployDemoTokens(anvil.rpcUrl, 31337, anvil.accounts, [
      { name: 'Demo USD Coin', symbol: 'dUSDC', decimals: 6 },
    ]);
    await t.db.pool.query(
      `INSERT INTO assets (chain, contract, symbol, name, decimals, type) VALUES ('ethereum', $1, 'dUSDC', 'Demo USD Coin', 6, 'erc20')`,
      [token.address.toLowerCase()],
    );
    indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'ethereum',
      rpcUrl: anvil.rpcUrl,
      eventStore: t.eventStore,
    });
    await indexer.syncOnce();
    dispatcher = t.dispatcher();
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await indexer?.stop();
    await receiver?.close();
    await anvil?.stop();
    await t?.close();
  });

  it('delivers a native and a token transfer to the watched address, each verified with standardwebhooks', async () => {
    const secret = (await t.request('POST', '/api/notifications/signing-secret')).json.data.secret;
    const watched = anvil.accounts[3].address;
    const created = await t.request('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: watched.toLowerCase(),
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'],
    });
    expect(created.status).toBe(201);
    await settle(t.db, t.eventStore, dispatcher);
    expect(
      (await t.request('GET', `/api/notifications/subscriptions/${created.json.data.id}`)).json.data.status,
    ).toBe('active');

    dispatcher.start();
    const [sender, other] = anvil.wallets;
    const ethTx = await sender.sendTransaction({ to: watched, value: parseEther('1.25') });
    const tokenTx = await other.writeContract({
      address: token.address,
      abi: demoTokenAbi,
      functionName: 'transfer',
      args: [watched, 2_500_000n],
    });
    // A transfer to someone else makes no delivery.
    await sender.sendTransaction({ to: anvil.accounts[4].address, value: 1n });
    for (const hash of [ethTx, tokenTx]) await waitForReceipt(anvil.publicClient, hash);
    await indexer.syncOnce();

    const requests = await receiver.waitFor(2);
    const bodies = requests.map((r) => {
      const verified = new Webhook(secret).verify(r.body, {
        'webhook-id': r.headers['webhook-id'],
        'webhook-timestamp': r.headers['webhook-timestamp'],
        'webhook-signature': r.headers['webhook-signature'],
      }) as { event_id: string; data: Record<string, unknown> };
      expect(verified.event_id).toBe(r.headers['webhook-id']);
      return verified.data;
    });
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tx_hash: ethTx,
          to: watched,
          from: anvil.accounts[0].address,
          amount: '1.25',
          asset_type: 'native',
          asset_contract: null,
        }),
        expect.objectContaining({
          tx_hash: tokenTx,
          to: watched,
          amount: '2.5',
          asset_type: 'erc20',
          asset_contract: getAddress(token.address),
        }),
      ]),
    );
    // Nothing else arrives for this address (fees, the transfer to another account).
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toHaveLength(2);
  });

  it('cancels the delivery of a reverted transfer not yet sent, and follows a sent one with transfer.reverted', async () => {
    await dispatcher.stop();
    const secret = (await t.request('POST', '/api/notifications/signing-secret/rotate')).json.data.secret;
    const watched = anvil.accounts[5].address;
    const created = await t.request('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: watched,
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE'],
    });
    const subscriptionId = created.json.data.id as string;
    await indexer.syncOnce();
    await settle(t.db, t.eventStore, dispatcher);
    const already = receiver.requests.length;
    const verified = (from: number) =>
      receiver.requests.slice(from).map(
        (r) =>
          new Webhook(secret).verify(r.body, {
            'webhook-id': r.headers['webhook-id'],
            'webhook-timestamp': r.headers['webhook-timestamp'],
            'webhook-signature': r.headers['webhook-signature'],
          }) as { event_id: string; event_type: string; data: Record<string, unknown> },
      );

    // Not yet sent: observed and reverted before any dispatcher round.
    const unsent = await anvil.wallets[1].sendTransaction({ to: watched, value: 111n });
    await waitForReceipt(anvil.publicClient, unsent);
    await indexer.syncOnce();
    await reorg(anvil, 1);
    await indexer.syncOnce();
    await settle(t.db, t.eventStore, dispatcher);
    expect(receiver.requests.length).toBe(already);
    const log = (await t.request('GET', `/api/notifications/subscriptions/${subscriptionId}/deliveries`)).json
      .data;
    expect(log).toEqual([expect.objectContaining({ status: 'cancelled', attempts: [] })]);

    // Sent: delivered, then reverted.
    const sent = await anvil.wallets[1].sendTransaction({ to: watched, value: 222n });
    await waitForReceipt(anvil.publicClient, sent);
    await indexer.syncOnce();
    await settle(t.db, t.eventStore, dispatcher);
    const [received] = verified(already);
    expect(received).toMatchObject({
      event_type: 'transfer.received',
      data: { tx_hash: sent, log_index: null },
    });
    await reorg(anvil, 1);
    await indexer.syncOnce();
    await settle(t.db, t.eventStore, dispatcher);
    const after = verified(already);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      event_type: 'transfer.reverted',
      data: { ...received.data, reverted_event_id: received.event_id },
    });
    expect(after[1].event_id).not.toBe(received.event_id);
    // Settling again sends nothing more: the revert is handled once.
    await settle(t.db, t.eventStore, dispatcher);
    expect(receiver.requests.length).toBe(already + 2);
  });
});
