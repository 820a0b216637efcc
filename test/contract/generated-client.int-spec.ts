import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from 'viem';
import { compileStrict, loadClientModule } from './compile-client';
import { generateSchemaTypes } from './generate-client-types';
import {
  SERVICE_API_KEY,
  type ServiceWithPriceFeed,
  startServiceWithPriceFeed,
} from './service-with-price-feed';

/** The client module under test, written as an application would (see the file). */
const CLIENT_SOURCE = readFileSync(join(__dirname, 'client-module', 'chainwire-client.ts.txt'), 'utf8');

interface ChainwireClientModule {
  chainwireClient(baseUrl: string, apiKey: string): unknown;
  nativeBalance(client: unknown, address: string): Promise<bigint>;
  balancesError(client: unknown, address: string): Promise<{ status: number; code: string }>;
  prepareNativeTransfer(
    client: unknown,
    from: string,
    to: string,
    amountWei: bigint,
  ): Promise<{ chainId: unknown; valueWei: bigint; nonce: unknown; feeMode: string; gasLimit: bigint }>;
  price(
    client: unknown,
    symbol: string,
    basePair: string,
  ): Promise<{ symbol: string; basePair: string; value: number; updatedAt: string }>;
}

/**
 * A TypeScript client generated from the served OpenAPI document (openapi-typescript + openapi-fetch)
 * compiles with --strict, and the same compiled module answers balances, prepare-sign and price against
 * the running service with exact bigints.
 */
describe('a client generated from the served OpenAPI document', () => {
  let service: ServiceWithPriceFeed;
  let dir: string;
  let diagnostics: string[];
  let client: ChainwireClientModule;

  beforeAll(async () => {
    service = await startServiceWithPriceFeed();
    dir = mkdtempSync(join(tmpdir(), 'generated-client-'));
    const served = await fetch(`${service.url}/docs/openapi.json`);
    expect(served.status).toBe(200);
    const document = (await served.json()) as object;
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
    await generateSchemaTypes(join(dir, 'openapi.json'), join(dir, 'schema.d.ts'));
    writeFileSync(join(dir, 'chainwire-client.ts'), CLIENT_SOURCE);
    diagnostics = compileStrict([join(dir, 'chainwire-client.ts'), join(dir, 'schema.d.ts')]);
    client = loadClientModule(CLIENT_SOURCE) as unknown as ChainwireClientModule;
  });
  afterAll(async () => {
    await service?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles with --strict against the generated types', () => {
    expect(diagnostics).toEqual([]);
  });

  it('reads a balance no double can hold exactly, as a bigint', async () => {
    const address = service.anvil.accounts[4].address as Address;
    // 10^22 + 1 wei: JSON.parse would answer 10^22.
    const hash = await service.anvil.wallets[0].sendTransaction({ to: address, value: 1n });
    await service.anvil.publicClient.waitForTransactionReceipt({ hash });
    const onChain = await service.anvil.publicClient.getBalance({ address });
    expect(BigInt(Number(onChain))).not.toBe(onChain);
    const api = client.chainwireClient(service.url, SERVICE_API_KEY);
    // The service answers as of the block it has seen, which can trail the node by a block or two.
    let answered = await client.nativeBalance(api, address);
    for (const deadline = Date.now() + 15_000; answered !== onChain && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answered = await client.nativeBalance(api, address);
    }
    expect(answered).toBe(onChain);
  });

  it('gets the documented error envelope for a bad address', async () => {
    const api = client.chainwireClient(service.url, SERVICE_API_KEY);
    expect(await client.balancesError(api, 'not-an-address')).toEqual({
      status: 400,
      code: 'INVALID_ADDRESS',
    });
  });

  it('prepares a native transfer, sending and reading a 22-digit wei amount exactly', async () => {
    const [from, to] = service.anvil.accounts.slice(2, 4).map((a) => a.address);
    const amountWei = 1_234_567_890_123_456_789_012n;
    expect(BigInt(Number(amountWei))).not.toBe(amountWei);
    const api = client.chainwireClient(service.url, SERVICE_API_KEY);
    const prepared = await client.prepareNativeTransfer(api, from, to, amountWei);
    expect(prepared).toEqual({
      chainId: service.anvil.chain.id,
      valueWei: amountWei,
      nonce: await service.anvil.publicClient.getTransactionCount({ address: from as Address }),
      feeMode: 'EIP1559',
      gasLimit: 21_000n,
    });
  });

  it('reads the bare price object with the feed answer', async () => {
    const api = client.chainwireClient(service.url, SERVICE_API_KEY);
    const answer = await client.price(api, 'ETH', 'USD');
    expect(answer).toEqual({
      symbol: 'ETH',
      basePair: 'USD',
      value: Number(service.ethUsd.answer) / 10 ** service.ethUsd.decimals,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
