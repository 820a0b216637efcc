import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  hexToBigInt,
  numberToHex,
  type Address,
  type Hex,
} from 'viem';
import { addAsset, TRANSFER_TOPIC } from '@chainwire/chains';
import { PostgresEventStore } from '@chainwire/event-store';
import { EvmIndexer } from '@chainwire/indexing';
import { runWorkload, type Workload, EVM_INDEXER_SETTINGS_FOR_CODE } from '@chainwire/indexing/testing';
import { ConsumerRunner } from '@chainwire/consumers';
import { callFixture, reorg, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { startTxTestApp, type TxTestApp } from '../testing/tx-test-app';
import { historyProjection } from './history.projection';

/** One history row as `address|direction|txHash|kind|asset|counterparty|amount|tokenId|block`, all lower case. */
type Line = string;

function lines(
  kind: string,
  asset: string,
  from: string | null,
  to: string | null,
  amount: bigint,
  tokenId: bigint | null,
  txHash: string,
  block: bigint,
): Line[] {
  const line = (address: string, direction: string, counterparty: string | null) =>
    [address, direction, txHash, kind, asset, counterparty ?? '', amount, tokenId ?? '', block]
      .join('|')
      .toLowerCase();
  if (from && from.toLowerCase() === to?.toLowerCase()) return [line(from, 'self', to)];
  return [...(from ? [line(from, 'out', to)] : []), ...(to ? [line(to, 'in', from)] : [])];
}

/** What the node's transactions and logs say: value transfers of successful transactions and Transfer logs. */
async function nodeHistory(anvil: TestAnvil): Promise<Line[]> {
  const client = anvil.publicClient;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const result: Line[] = [];
  for (let n = 1n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success') continue;
      const to = tx.to ?? receipt.contractAddress;
      if (tx.value > 0n && to)
        result.push(...lines('native', 'native', tx.from, to, tx.value, null, tx.hash, n));
      for (const log of receipt.logs) {
        const [topic0, fromTopic, toTopic, idTopic] = log.topics;
        if (topic0 !== TRANSFER_TOPIC || !fromTopic || !toTopic) continue;
        const from = getAddress(`0x${fromTopic.slice(26)}`);
        const recipient = getAddress(`0x${toTopic.slice(26)}`);
        if (log.topics.length === 3 && log.data.length === 66) {
          result.push(
            ...lines('erc20', log.address, from, recipient, hexToBigInt(log.data), null, tx.hash, n),
          );
        } else if (log.topics.length === 4 && idTopic) {
          result.push(...lines('erc721', log.address, from, recipient, 1n, hexToBigInt(idTopic), tx.hash, n));
        }
      }
    }
  }
  return result.sort();
}

describe('history projection and GET /api/txs/history/:address', () => {
  let anvil: TestAnvil;
  let t: TxTestApp;
  let store: PostgresEventStore;
  let indexer: EvmIndexer;
  let runner: ConsumerRunner;
  let workload: Workload;
  let a: Address[];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    a = anvil.accounts.map((x) => x.address);
    t = await startTxTestApp([{ id: 'ethereum', rpcUrl: anvil.rpcUrl }]);
    store = new PostgresEventStore(t.db.pool);
    indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'ethereum',
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      finalityDepth: 8,
    });
    runner = new ConsumerRunner({ db: t.db, eventStore: store, consumer: historyProjection });
    workload = await runWorkload(anvil);
    await addAsset(t.db.dataSource, {
      chain: 'ethereum',
      contract: workload.token,
      symbol: 'WRK',
      name: 'Workload Token',
      decimals: 6,
      type: 'erc20',
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    await anvil?.stop();
  });

  async function syncAndProject(): Promise<void> {
    await indexer.syncOnce();
    await runner.catchUp();
  }

  async function projected(): Promise<Line[]> {
    const { rows } = await t.db.pool.query<Record<string, string | null>>(
      // Each party's view of the rows: the sender's 'out' (or 'self'), the recipient's 'in'.
      `SELECT from_key AS address, CASE WHEN from_key = to_key THEN 'self' ELSE 'out' END AS direction, tx_hash,
              kind, asset, to_address AS counterparty, amount::text, token_id::text, block_number::text
         FROM tx_history WHERE kind <> 'internal' AND from_key IS NOT NULL
       UNION ALL
       SELECT to_key, 'in', tx_hash, kind, asset, from_address, amount::text, token_id::text, block_number::text
         FROM tx_history WHERE kind <> 'internal' AND to_key IS NOT NULL AND to_key IS DISTINCT FROM from_key`,
    );
    return rows
      .map((r) =>
        [
          r.address,
          r.direction,
          r.tx_hash,
          r.kind,
          r.asset,
          r.counterparty ?? '',
          r.amount,
          r.token_id ?? '',
          r.block_number,
        ]
          .join('|')
          .toLowerCase(),
      )
      .sort();
  }

  async function pages(address: Address, limit: number) {
    const items: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await t.get(
        `/api/txs/history/${address}?chain=ethereum&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      const data = res.json.data as { items: Record<string, unknown>[]; nextCursor: string | null };
      items.push(...data.items);
      cursor = data.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('pagination did not end');
  }

  it('equals what the node says after a mixed workload, and pages newest first', async () => {
    await syncAndProject();
    const expected = await nodeHistory(anvil);
    expect(expected.length).toBeGreaterThan(40);
    expect(await projected()).toEqual(expected);

    const items = await pages(a[1]!, 3);
    const { rows } = await t.db.pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM tx_history WHERE from_key = $1 OR to_key = $1',
      [a[1]!.toLowerCase()],
    );
    expect(items).toHaveLength(Number(rows[0]!.n));
    const blocks = items.map((i) => i.blockNumber as bigint);
    expect([...blocks].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))).toEqual(blocks);

    const received = items.find(
      (i) => i.kind === 'erc20' && i.direction === 'IN' && i.amountSmallestUnit === 1_000_000n,
    );
    expect(received).toMatchObject({
      asset: { assetId: getAddress(workload.token), type: 'erc20', symbol: 'WRK', decimals: 6n },
      counterparty: '0x0000000000000000000000000000000000000000',
      status: 'CONFIRMED',
    });
    expect(String(received!.amount)).toBe('1');
    const nft = items.find((i) => i.kind === 'erc721' && i.direction === 'OUT');
    expect(nft).toMatchObject({
      counterparty: a[2],
      tokenId: 0n,
      amountSmallestUnit: 1n,
      asset: { type: 'erc721' },
    });
  });

  it('lists value sent by contracts as internal transfers', async () => {
    const items = await pages(a[5]!, 50);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'internal',
        direction: 'IN',
        counterparty: getAddress(workload.forwarder),
        amountSmallestUnit: 250_000_000_000_000_000n,
      }),
    );
  });

  it('drops the transfers of orphaned blocks after a reorg and again equals the node', async () => {
    const w1 = anvil.wallets[1]!;
    const sent: Hex[] = [];
    sent.push(await w1.sendTransaction({ to: a[3]!, value: 777n }));
    await waitMined(anvil, sent[0]!);
    sent.push(await callFixture(w1, workload.token, 'DemoToken', 'transfer', [a[4], 4321n]));
    await waitMined(anvil, sent[1]!);
    await syncAndProject();
    const head = await anvil.publicClient.getBlockNumber({ cacheTime: 0 });
    const orphaned = [head - 1n, head].map(
      async (n) => (await anvil.publicClient.getBlock({ blockNumber: n })).hash,
    );
    const orphanHashes = (await Promise.all(orphaned)).map((h) => h.toLowerCase());
    const { rows: before } = await t.db.pool.query('SELECT 1 FROM tx_history WHERE block_hash = ANY($1)', [
      orphanHashes,
    ]);
    expect(before.length).toBeGreaterThanOrEqual(2); // the two transfers, a row each

    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a[8]!, 99n] });
    await reorg(anvil, 2, [
      [{ from: a[6], to: a[9], value: numberToHex(5555n) }, 0],
      [{ from: a[1], to: workload.token, data }, 1],
    ]);
    await syncAndProject();

    const { rows: after } = await t.db.pool.query('SELECT 1 FROM tx_history WHERE block_hash = ANY($1)', [
      orphanHashes,
    ]);
    expect(after).toEqual([]);
    expect(await projected()).toEqual(await nodeHistory(anvil));
    const a4 = await pages(a[4]!, 100);
    expect(a4.some((i) => i.amountSmallestUnit === 4321n && orphanHashes.includes(String(i.blockHash)))).toBe(
      false,
    );
  });

  it.each([
    ['a bad address', '/api/txs/history/0x12', 'INVALID_ADDRESS'],
    ['an unknown chain', `/api/txs/history/${'0x' + '1'.repeat(40)}?chain=narnia`, 'UNKNOWN_CHAIN'],
    ['a limit of 0', `/api/txs/history/${'0x' + '1'.repeat(40)}?limit=0`, 'VALIDATION_ERROR'],
    ['a limit above 100', `/api/txs/history/${'0x' + '1'.repeat(40)}?limit=101`, 'VALIDATION_ERROR'],
    ['a forged cursor', `/api/txs/history/${'0x' + '1'.repeat(40)}?cursor=abc`, 'VALIDATION_ERROR'],
    [
      'a cursor whose sequence is beyond int8',
      `/api/txs/history/${'0x' + '1'.repeat(40)}?cursor=${Buffer.from(`5:${2n ** 63n}`).toString('base64url')}`,
      'VALIDATION_ERROR',
    ],
    [
      'a cursor of 19 nines',
      `/api/txs/history/${'0x' + '1'.repeat(40)}?cursor=${Buffer.from(`5:${'9'.repeat(19)}`).toString('base64url')}`,
      'VALIDATION_ERROR',
    ],
    ['a 5,000-character address', `/api/txs/history/0x${'a'.repeat(4998)}`, 'INVALID_ADDRESS'],
  ])('answers %s with 400', async (_case, url, code) => {
    const res = await t.get(url);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
  });
});
