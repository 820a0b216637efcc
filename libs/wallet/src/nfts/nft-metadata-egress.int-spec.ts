import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, type Address } from 'viem';
import { waitForReceipt } from '@chainwire/chains';
import { fixtureContract } from '@test/fixtures/contracts/compile';
import { startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';
import { METADATA_FETCHES_BUSY_MESSAGE } from './get-nft-item.query';

const SECRET_METRIC = 'chainwire_internal_secret_total';

/**
 * NFT metadata egress (docs/architecture.md §8, §11) on anvil with a real metadata server on loopback: private
 * targets refused unless allowed, fetched bodies never echoed, fetches in flight capped per key and in all,
 * hosts resolved with c-ares on the configured DNS servers and a failed host remembered.
 */
describe('NFT metadata egress', () => {
  let anvil: TestAnvil;
  let strict: WalletTestApp;
  let open: WalletTestApp;
  let meta: Server;
  let base: string;
  let dns: Socket;
  let dnsQueries = 0;
  const hits: string[] = [];
  const hanging: ServerResponse[] = [];
  const erc721 = fixtureContract('Erc721Preset');
  const nft: Record<'metrics' | 'hang' | 'meta' | 'dead', Address> = {} as never;

  async function deploy(baseUri: string, mints: number): Promise<Address> {
    const hash = await anvil.wallets[0].deployContract({
      ...erc721,
      args: ['Apes', 'APE', baseUri],
    } as never);
    const address = getAddress((await waitForReceipt(anvil.publicClient, hash)).contractAddress!);
    for (let i = 0; i < mints; i++) {
      const minted = await anvil.wallets[0].writeContract({
        address,
        abi: erc721.abi,
        functionName: 'mint',
        args: [anvil.accounts[1].address],
      } as never);
      expect(await waitMined(anvil, minted)).toBe('success');
    }
    return address;
  }
  const item = (t: WalletTestApp, contract: Address, tokenId: number, key: string) =>
    t.get(`/api/nfts/item?chain=ethereum&contract=${contract}&tokenId=${tokenId}`, key);

  beforeAll(async () => {
    meta = createServer((req, res) => {
      const url = req.url ?? '';
      hits.push(url);
      if (url.startsWith('/metrics')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(`# HELP ${SECRET_METRIC} internal\n${SECRET_METRIC} 42\n`);
      }
      if (url.startsWith('/hang/')) return void hanging.push(res);
      const id = /^\/meta\/(\d+)$/.exec(url)?.[1];
      if (id === undefined) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: `Meta #${id}` }));
    });
    await new Promise<void>((resolve) => meta.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(meta.address() as AddressInfo).port}`;
    // A name server that reads every query and never answers.
    dns = createSocket('udp4');
    dns.on('message', () => (dnsQueries += 1));
    await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));

    anvil = await startTestAnvil();
    const chains = [{ id: 'ethereum', rpcUrl: anvil.rpcUrl }];
    strict = await startWalletTestApp(undefined, { chains, allowPrivateTargets: false });
    open = await startWalletTestApp(undefined, {
      chains,
      allowPrivateTargets: true,
      maxFetchesPerKey: 2,
      maxFetches: 3,
      dnsServers: [`127.0.0.1:${(dns.address() as AddressInfo).port}`],
      dnsTimeoutMs: 200,
    });
    nft.metrics = await deploy(`${base}/metrics?token=`, 1);
    nft.hang = await deploy(`${base}/hang/`, 3);
    nft.meta = await deploy(`${base}/meta/`, 3);
    nft.dead = await deploy('http://metadata.dead.test/', 2);
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    meta?.closeAllConnections();
    await new Promise((resolve) => meta?.close(resolve));
    await new Promise<void>((resolve) => (dns ? dns.close(() => resolve()) : resolve()));
    await strict?.close();
    await open?.close();
    await anvil?.stop();
  });

  it('refuses a tokenURI on loopback unless NFT metadata may reach private targets', async () => {
    const res = await item(strict, nft.metrics, 0, strict.keys.enterprise);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Metadata unavailable: refused target: loopback');
    expect(res.json.data).toMatchObject({ name: null, tokenUri: `${base}/metrics?token=0` });
    expect(hits.filter((h) => h.startsWith('/metrics'))).toEqual([]);
  });

  it('never echoes the fetched body in the message', async () => {
    const res = await item(open, nft.metrics, 0, open.keys.enterprise);
    expect(hits).toContain('/metrics?token=0');
    expect(res.json.message).toBe('Metadata unavailable: metadata is not JSON');
    expect(res.text).not.toContain(SECRET_METRIC);
    expect(res.text).not.toContain('HELP');
  });

  it('caps the fetches in flight per key and in all, answering without fetching over a cap', async () => {
    const { free, pro, enterprise } = open.keys;
    const held = [item(open, nft.hang, 0, free), item(open, nft.hang, 1, free)];
    while (hanging.length < 2) await new Promise((r) => setTimeout(r, 20));

    // The free key is at its cap of 2: not fetched, and not cached.
    const over = await item(open, nft.meta, 0, free);
    expect(over.json.message).toBe(METADATA_FETCHES_BUSY_MESSAGE);
    expect(over.json.data).toMatchObject({ name: null, tokenUri: `${base}/meta/0` });
    expect(hits).not.toContain('/meta/0');
    // Another key still fetches, up to the process's cap of 3.
    expect((await item(open, nft.meta, 1, pro)).json).toMatchObject({
      message: 'OK',
      data: { name: 'Meta #1' },
    });
    held.push(item(open, nft.hang, 2, pro));
    while (hanging.length < 3) await new Promise((r) => setTimeout(r, 20));
    // Three in flight: the process is at its cap, whichever key asks.
    const busy = await item(open, nft.meta, 2, enterprise);
    expect(busy.json.message).toBe(METADATA_FETCHES_BUSY_MESSAGE);
    expect(hits).not.toContain('/meta/2');

    for (const res of hanging.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"name":"late"}');
    }
    for (const res of await Promise.all(held)) expect(res.json.data).toMatchObject({ name: 'late' });
    // Slots freed: the refused document is fetched now.
    expect((await item(open, nft.meta, 0, free)).json).toMatchObject({
      message: 'OK',
      data: { name: 'Meta #0' },
    });
  });

  it('resolves metadata hosts on the configured DNS servers and remembers a host that did not answer', async () => {
    const first = await item(open, nft.dead, 0, open.keys.enterprise);
    expect(first.json.message).toBe('Metadata unavailable: DNS resolver not answering');
    expect(dnsQueries).toBeGreaterThan(0);
    const asked = dnsQueries;
    const started = Date.now();
    const second = await item(open, nft.dead, 1, open.keys.enterprise);
    expect(second.json.message).toBe('Metadata unavailable: DNS resolver not answering');
    expect(Date.now() - started).toBeLessThan(200);
    expect(dnsQueries).toBe(asked);
  });
});
