import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, type Abi, type Address, type Hex } from 'viem';
import { type ChainEvent, chainStream, isTransferObserved } from '@chainwire/chain-events';
import { PostgresEventStore } from '@chainwire/event-store';
import { EvmIndexer } from '@chainwire/indexing';
import { ConsumerRunner, replayProjection } from '@chainwire/consumers';
import { balancesProjection } from '../balances/projection/balances.projection';
import { nftsProjection } from './projection/nfts.projection';
import { historyProjection } from '@chainwire/transactions';
import { fixtureContract } from '@test/fixtures/contracts/compile';
import { reorg, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';
import { waitForReceipt } from '@chainwire/chains';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '@chainwire/indexing/testing';

const HUGE_ID = 2n ** 255n + 7n;
const HUGE_HEX = HUGE_ID.toString(16).padStart(64, '0');
const DATA_URI_BASE = `data:application/json,${encodeURIComponent(
  JSON.stringify({
    name: 'On-chain',
    description: 'from a data: URI',
    attributes: [{ trait_type: 'x', value: 1 }],
  }),
)}#`;

/** The NFT metadata server on loopback: every route a tokenURI of the fixtures points at. */
function metadataServer(): { server: Server; hits: string[]; hanging: ServerResponse[] } {
  const hits: string[] = [];
  const hanging: ServerResponse[] = [];
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    hits.push(url);
    let match: RegExpExecArray | null;
    if ((match = /^\/meta\/(\d+)$/.exec(url))) {
      return json(res, {
        name: `Meta #${match[1]}`,
        description: 'served over http',
        image: `ipfs://QmImage/${match[1]}.png`,
        attributes: [{ trait_type: 'rank', value: Number(match[1]) }],
      });
    }
    if ((match = /^\/ipfs\/QmMeta\/(\d+)$/.exec(url))) {
      return json(res, { name: `Ipfs #${match[1]}`, image: 'https://example.org/i.png', attributes: [] });
    }
    if ((match = /^\/erc1155\/([0-9a-f]{64})\.json$/.exec(url))) {
      return json(res, { name: `Item ${BigInt(`0x${match[1]}`)}`, properties: { rarity: 'rare' } });
    }
    if (url.startsWith('/big/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      // No content-length: the cap must hold on a streamed body too.
      res.write(`{"name":"${'x'.repeat(512 * 1024)}`);
      res.end(`${'y'.repeat(512 * 1024)}"}`);
      return;
    }
    if (url.startsWith('/bad/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"name": "broken",');
    }
    if (url.startsWith('/hang/')) {
      hanging.push(res);
      return;
    }
    res.writeHead(404).end();
  });
  return { server, hits, hanging };
}

describe('NFT ownership projection and routes (anvil, OpenZeppelin 4.9.6 presets)', () => {
  let anvil: TestAnvil;
  let t: WalletTestApp;
  let store: PostgresEventStore;
  let indexer: EvmIndexer;
  let runners: ConsumerRunner[];
  let meta: ReturnType<typeof metadataServer>;
  let base: string;
  let a: Address[];
  const erc721 = fixtureContract('Erc721Preset');
  const erc1155 = fixtureContract('Erc1155Preset');
  const nft: Record<string, Address> = {};
  let multi: Address;

  async function deploy(compiled: { abi: Abi; bytecode: Hex }, args: unknown[]): Promise<Address> {
    const hash = await anvil.wallets[0].deployContract({ ...compiled, args } as never);
    return getAddress((await waitForReceipt(anvil.publicClient, hash)).contractAddress!);
  }
  async function send(from: number, address: Address, abi: Abi, functionName: string, args: unknown[]) {
    const hash = await anvil.wallets[from].writeContract({ address, abi, functionName, args } as never);
    expect(await waitMined(anvil, hash)).toBe('success');
  }
  const mint721 = (contract: Address, to: Address) => send(0, contract, erc721.abi, 'mint', [to]);

  /**
   * Indexes and projects until every projection has applied the last transfer appended. catchUp alone can
   * return early on a shared PostgreSQL server: a reader sees only transactions older than the cluster's
   * oldest running one (docs/architecture.md §4), and other databases' transactions count too.
   */
  async function sync(): Promise<void> {
    await indexer.syncOnce();
    const { rows } = await t.db.pool.query<{ last: string }>(
      `SELECT max(global_position)::text AS last FROM events WHERE type LIKE 'Transfer%'`,
    );
    for (let tries = 0; ; tries++) {
      for (const runner of runners) await runner.catchUp();
      const applied = await t.db.pool.query<{ name: string }>(
        `SELECT name FROM projection_checkpoints WHERE prepare_position >= $1`,
        [rows[0].last],
      );
      if (applied.rows.length === runners.length) return;
      if (tries === 300) throw new Error('projections never applied the last transfer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function holdings(): Promise<string[]> {
    const { rows } = await t.db.pool.query<{ line: string }>(
      `SELECT chain || '|' || contract || '|' || token_id::text || '|' || owner || '|' || standard || '|' ||
              amount::text AS line
         FROM nft_holdings ORDER BY chain, contract, token_id, owner`,
    );
    return rows.map((r) => r.line);
  }

  /** Every held row agrees with the node (ownerOf / balanceOf), and every token the node has is held. */
  async function expectHoldingsMatchNode(): Promise<void> {
    const { rows } = await t.db.pool.query<{
      contract: string;
      token_id: string;
      owner: string;
      amount: string;
    }>(`SELECT contract, token_id::text, owner, amount::text FROM nft_holdings WHERE chain = 'ethereum'`);
    for (const row of rows) {
      const contract = getAddress(row.contract);
      if (contract === multi) {
        const onChain = (await anvil.publicClient.readContract({
          address: contract,
          abi: erc1155.abi,
          functionName: 'balanceOf',
          args: [getAddress(row.owner), BigInt(row.token_id)],
        })) as bigint;
        expect(`${row.owner}|${row.token_id}|${onChain}`).toBe(`${row.owner}|${row.token_id}|${row.amount}`);
      } else if (row.amount !== '0') {
        const owner = (await anvil.publicClient.readContract({
          address: contract,
          abi: erc721.abi,
          functionName: 'ownerOf',
          args: [BigInt(row.token_id)],
        })) as Address;
        expect(owner.toLowerCase()).toBe(row.owner);
        expect(row.amount).toBe('1');
      }
    }
  }

  const collections = async (owner: Address, key?: string) => {
    const res = await t.get(`/api/nfts/collections/${owner}?chain=ethereum`, key);
    expect(res.status).toBe(200);
    return res.json.data as {
      contract: string;
      name: string | null;
      symbol: string | null;
      standard: string;
    }[];
  };
  const item = (contract: Address | string, tokenId: bigint | string, key?: string) =>
    t.get(`/api/nfts/item?chain=ethereum&contract=${contract}&tokenId=${tokenId}`, key);

  beforeAll(async () => {
    meta = metadataServer();
    await new Promise<void>((resolve) => meta.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(meta.server.address() as AddressInfo).port}`;
    anvil = await startTestAnvil();
    a = anvil.accounts.map((x) => x.address);
    t = await startWalletTestApp(undefined, {
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl }],
      allowPrivateTargets: true,
      ipfsGatewayUrl: `${base}/ipfs/`,
      metadataTimeoutMs: 1_000,
    });
    store = new PostgresEventStore(t.db.pool);
    indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'ethereum',
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      finalityDepth: 8,
    });
    runners = [nftsProjection, balancesProjection, historyProjection].map(
      (consumer) => new ConsumerRunner({ db: t.db, eventStore: store, consumer }),
    );

    nft.http = await deploy(erc721, ['Http Apes', 'HAPE', `${base}/meta/`]);
    nft.ipfs = await deploy(erc721, ['Ipfs Apes', 'IAPE', 'ipfs://QmMeta/']);
    nft.data = await deploy(erc721, ['Data Apes', 'DAPE', DATA_URI_BASE]);
    nft.big = await deploy(erc721, ['Big Apes', 'BAPE', `${base}/big/`]);
    nft.hang = await deploy(erc721, ['Hang Apes', 'GAPE', `${base}/hang/`]);
    nft.bad = await deploy(erc721, ['Bad Apes', 'XAPE', `${base}/bad/`]);
    multi = await deploy(erc1155, [`${base}/erc1155/{id}.json`]);
    for (const contract of Object.values(nft)) await mint721(contract, a[1]);
    await mint721(nft.http, a[1]); // token 1
    await send(0, multi, erc1155.abi, 'mint', [a[1], HUGE_ID, 5n, '0x']);
    await send(0, multi, erc1155.abi, 'mintBatch', [a[1], [2n, 3n], [10n, 20n], '0x']);
    await sync();
  });
  afterAll(async () => {
    for (const runner of runners ?? []) await runner.stop();
    for (const res of meta?.hanging ?? []) res.destroy();
    meta?.server.closeAllConnections();
    await new Promise((resolve) => meta?.server.close(resolve));
    await t?.close();
    await anvil?.stop();
  });

  it('lists the collections held now, with name and symbol read on chain and the standard', async () => {
    const held = await collections(a[1]);
    expect(held).toHaveLength(7);
    expect(held).toEqual(
      expect.arrayContaining([
        {
          chain: 'ethereum',
          contract: nft.http,
          name: 'Http Apes',
          symbol: 'HAPE',
          imageUrl: null,
          standard: 'ERC721',
        },
        { chain: 'ethereum', contract: multi, name: null, symbol: null, imageUrl: null, standard: 'ERC1155' },
      ]),
    );
    expect(await collections(a[2])).toEqual([]);
    expect(await holdings()).toEqual(
      expect.arrayContaining([
        `ethereum|${multi.toLowerCase()}|${HUGE_ID}|${a[1].toLowerCase()}|ERC1155|5`,
        `ethereum|${multi.toLowerCase()}|2|${a[1].toLowerCase()}|ERC1155|10`,
        `ethereum|${multi.toLowerCase()}|3|${a[1].toLowerCase()}|ERC1155|20`,
        `ethereum|${nft.http.toLowerCase()}|1|${a[1].toLowerCase()}|ERC721|1`,
      ]),
    );
    await expectHoldingsMatchNode();
  });

  it('reads the same ERC-721 and ERC-1155 transfers from eth_getLogs as from receipts', async () => {
    const nftTransfers = async (chain: string) =>
      (await store.readStream<ChainEvent>(chainStream(chain)))
        .filter(isTransferObserved)
        .filter((e) => e.data.kind === 'erc721' || e.data.kind === 'erc1155')
        .map((e) => e.data);
    const fromLogs = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'getlogs',
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      tokenLogSource: 'getLogs',
    });
    await fromLogs.syncOnce();
    const expected = (await nftTransfers('ethereum')).map((t) => ({ ...t, chain: 'getlogs' }));
    expect(expected.filter((t) => t.kind === 'erc1155').map((t) => t.ref)).toEqual([
      expect.stringMatching(/^log:\d+$/),
      expect.stringMatching(/^log:\d+:0$/),
      expect.stringMatching(/^log:\d+:1$/),
    ]);
    expect(await nftTransfers('getlogs')).toEqual(expected);
  });

  it('leaves balances alone and shows ERC-1155 transfers in history with their exact ids', async () => {
    const { rows: balances } = await t.db.pool.query('SELECT * FROM balances WHERE asset = ANY($1)', [
      [multi, ...Object.values(nft)].map((c) => c.toLowerCase()),
    ]);
    expect(balances).toEqual([]);
    const { rows: history } = await t.db.pool.query<{ token_id: string; amount: string }>(
      `SELECT token_id::text, amount::text FROM tx_history
        WHERE kind = 'erc1155' AND (from_key = $1 OR to_key = $1) ORDER BY seq`,
      [a[1].toLowerCase()],
    );
    expect(history).toEqual([
      { token_id: HUGE_ID.toString(), amount: '5' },
      { token_id: '2', amount: '10' },
      { token_id: '3', amount: '20' },
    ]);
  });

  it('drops a collection once every token of it is transferred away, singly or in a batch', async () => {
    await send(1, nft.http, erc721.abi, 'transferFrom', [a[1], a[2], 0n]);
    await send(1, multi, erc1155.abi, 'safeTransferFrom', [a[1], a[2], HUGE_ID, 3n, '0x']);
    await sync();
    let held = (await collections(a[1])).map((c) => c.contract);
    expect(held).toContain(nft.http); // token 1 is still a[1]'s
    expect(held).toContain(multi); // 2 of HUGE_ID, and ids 2 and 3

    await send(1, nft.http, erc721.abi, 'safeTransferFrom', [a[1], a[2], 1n]);
    await send(1, multi, erc1155.abi, 'safeBatchTransferFrom', [
      a[1],
      a[2],
      [2n, 3n, HUGE_ID],
      [10n, 20n, 2n],
      '0x',
    ]);
    await sync();
    held = (await collections(a[1])).map((c) => c.contract);
    expect(held).not.toContain(nft.http);
    expect(held).not.toContain(multi);
    expect(held).toHaveLength(5);
    expect((await collections(a[2])).map((c) => [c.contract, c.standard])).toEqual(
      expect.arrayContaining([
        [nft.http, 'ERC721'],
        [multi, 'ERC1155'],
      ]),
    );
    await expectHoldingsMatchNode();
  });

  it('undoes a reorged transfer: the token is back with its previous owner', async () => {
    await send(2, nft.http, erc721.abi, 'transferFrom', [a[2], a[3], 0n]);
    await send(2, multi, erc1155.abi, 'safeTransferFrom', [a[2], a[3], 2n, 10n, '0x']);
    await sync();
    expect((await collections(a[3])).map((c) => c.contract).sort()).toEqual([nft.http, multi].sort());

    await reorg(anvil, 2);
    await sync();
    expect(await collections(a[3])).toEqual([]);
    await expectHoldingsMatchNode();
    const { rows } = await t.db.pool.query<{ owner: string }>(
      `SELECT owner FROM nft_holdings WHERE chain = 'ethereum' AND contract = $1 AND token_id = 0 AND amount > 0`,
      [nft.http.toLowerCase()],
    );
    expect(rows).toEqual([{ owner: a[2].toLowerCase() }]);
  });

  it('rebuilds the same rows from the store (what cli replay nfts runs)', async () => {
    const before = await holdings();
    expect(before.length).toBeGreaterThan(8);
    await t.db.pool.query('DELETE FROM nft_holdings WHERE owner = $1', [a[2].toLowerCase()]);
    await replayProjection({ db: t.db, eventStore: store, projection: nftsProjection });
    expect(await holdings()).toEqual(before);
  });

  it('answers an item with its metadata over http, ipfs and data:, cached', async () => {
    const res = await item(nft.http, 1n);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, code: 'OK', message: 'OK' });
    const data = res.json.data as Record<string, unknown>;
    expect(data).toEqual({
      chain: 'ethereum',
      contract: nft.http,
      tokenId: '1',
      standard: 'ERC721',
      attributes: { rank: 1n },
      rawAttributes: [{ trait_type: 'rank', value: 1n }],
      lastUpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      name: 'Meta #1',
      description: 'served over http',
      imageUrl: `${base}/ipfs/QmImage/1.png`,
      tokenUri: `${base}/meta/1`,
    });
    const served = meta.hits.length;
    const again = await item(nft.http.toLowerCase(), '01');
    expect(again.json.data).toEqual(data);
    expect(meta.hits.length).toBe(served);

    const ipfs = await item(nft.ipfs, 0n);
    expect(ipfs.json.data).toMatchObject({ name: 'Ipfs #0', tokenUri: 'ipfs://QmMeta/0' });
    expect(meta.hits).toContain('/ipfs/QmMeta/0');

    const onChain = await item(nft.data, 0n);
    expect(onChain.json).toMatchObject({
      message: 'OK',
      data: {
        name: 'On-chain',
        description: 'from a data: URI',
        attributes: { x: 1n },
        rawAttributes: [{ trait_type: 'x', value: 1n }],
      },
    });
  });

  it('collections show the cached image of a held token', async () => {
    const mine = await collections(a[1]);
    expect(mine.find((c) => c.contract === nft.ipfs)).toMatchObject({
      imageUrl: 'https://example.org/i.png',
    });
  });

  it('substitutes {id} as 64 lower-case hex digits for ERC-1155 and keeps the uint256 id exact', async () => {
    const res = await item(multi, HUGE_ID);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      tokenId: HUGE_ID.toString(),
      standard: 'ERC1155',
      name: `Item ${HUGE_ID}`,
      attributes: { rarity: 'rare' },
      rawAttributes: [{ trait_type: 'rarity', value: 'rare' }],
      tokenUri: `${base}/erc1155/${HUGE_HEX}.json`,
    });
  });

  it('answers 200 with what the chain gave and the failure in message: too large, hanging, malformed', async () => {
    const big = await item(nft.big, 0n);
    expect(big.status).toBe(200);
    expect(big.json.message).toBe('Metadata unavailable: body larger than 1048576 bytes');
    expect(big.json.data).toMatchObject({
      name: null,
      tokenUri: `${base}/big/0`,
      standard: 'ERC721',
      attributes: {},
      rawAttributes: [],
    });

    const started = Date.now();
    const hang = await item(nft.hang, 0n);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hang.status).toBe(200);
    expect(hang.json.message).toBe('Metadata unavailable: no answer within 1000 ms');

    const bad = await item(nft.bad, 0n);
    expect(bad.status).toBe(200);
    expect(bad.json.message).toMatch(/^Metadata unavailable: metadata is not JSON/);
    expect(bad.json.data).toMatchObject({ name: null, description: null, imageUrl: null });
  });

  it('answers 404 NFT_NOT_FOUND for a token the chain does not know', async () => {
    for (const [contract, tokenId] of [
      [nft.http, 999n],
      [multi, 424242n],
      [a[5], 1n], // not a contract
    ] as const) {
      const res = await item(contract, tokenId);
      expect([res.status, res.json.code]).toEqual([404, 'NFT_NOT_FOUND']);
    }
  });

  it('refuses bad input with a stable 4xx code', async () => {
    const cases: [string, number, string, string | null | undefined][] = [
      [`/api/nfts/item?chain=ethereum&contract=${nft.http}&tokenId=abc`, 400, 'INVALID_TOKEN_ID', undefined],
      [`/api/nfts/item?chain=ethereum&contract=${nft.http}&tokenId=-1`, 400, 'INVALID_TOKEN_ID', undefined],
      [
        `/api/nfts/item?chain=ethereum&contract=${nft.http}&tokenId=${2n ** 256n}`,
        400,
        'INVALID_TOKEN_ID',
        undefined,
      ],
      [`/api/nfts/item?chain=ethereum&contract=${nft.http}`, 400, 'VALIDATION_ERROR', undefined],
      [`/api/nfts/item?chain=ethereum&contract=nope&tokenId=1`, 400, 'INVALID_ADDRESS', undefined],
      [`/api/nfts/item?contract=${nft.http}&tokenId=1`, 400, 'VALIDATION_ERROR', undefined],
      [`/api/nfts/item?chain=narnia&contract=${nft.http}&tokenId=1`, 400, 'UNKNOWN_CHAIN', undefined],
      [`/api/nfts/item?chain=polygon&contract=${nft.http}&tokenId=1`, 400, 'UNSUPPORTED_CHAIN', undefined],
      [`/api/nfts/item?chain=tron&contract=${nft.http}&tokenId=1`, 400, 'UNSUPPORTED_CHAIN', undefined],
      [`/api/nfts/collections/0x1234?chain=ethereum`, 400, 'INVALID_ADDRESS', undefined],
      [`/api/nfts/collections/${a[1]}`, 400, 'VALIDATION_ERROR', undefined],
      [`/api/nfts/collections/${a[1]}?chain=ethereum&chain=polygon`, 400, 'CHAIN_MISMATCH', undefined],
      [`/api/nfts/collections/${a[1]}?chain=ethereum`, 401, 'UNAUTHORIZED', null],
      [`/api/nfts/item?chain=linea&contract=${nft.http}&tokenId=1`, 403, 'CHAIN_NOT_IN_PLAN', t.keys.free],
      [`/api/nfts/collections/${a[1]}?chain=linea`, 403, 'CHAIN_NOT_IN_PLAN', t.keys.free],
    ];
    for (const [url, status, code, key] of cases) {
      const res = await t.get(url, key);
      expect([url, res.status, res.json.code]).toEqual([url, status, code]);
    }
  });

  it('lets a plan use the chains it includes', async () => {
    expect((await collections(a[1], t.keys.free)).length).toBe(5);
    const linea = await t.get(`/api/nfts/collections/${a[1]}?chain=linea`, t.keys.pro);
    expect([linea.status, linea.json.data]).toEqual([200, []]);
    expect((await t.get('/api/chains/ethereum/capabilities')).json.data).toMatchObject({ nfts: true });
    expect((await t.get('/api/chains/linea/capabilities')).json.data).toMatchObject({ nfts: false });
  });
});
