import { parse } from 'lossless-json';
import { erc20Abi, type Address } from 'viem';
import type { Database } from '@chainwire/core';
import { callFixture, startTestAnvil, waitMined, type TestAnvil } from '../support/anvil';
import { eventually } from '../support/api-balances';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';
import { BYTES32_TOKEN_SOURCE, deployTokenContracts, type TokenContracts } from '../support/token-contracts';
import { compileContract } from '../fixtures/contracts/compile';

/**
 * The whole service indexing anvil: tokens nobody registered are transferred, and a balances query
 * naming them is answered from the indexed read model after they are identified on chain, without
 * registering them.
 */
describe('balances of tokens nobody registered', () => {
  let anvil: TestAnvil;
  let tokens: TokenContracts;
  let service: ServiceProcess;
  let serverDb: Database | undefined;
  let holder: Address;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    tokens = await deployTokenContracts(anvil);
    const [w0] = anvil.wallets;
    holder = anvil.accounts[1]!.address;
    const bytes32 = compileContract(BYTES32_TOKEN_SOURCE, 'Bytes32Token');
    await waitMined(anvil, await callFixture(w0!, tokens.erc20, 'DemoToken', 'mint', [holder, 1_500_000n]));
    await waitMined(
      anvil,
      await w0!.writeContract({
        address: tokens.bytes32Token,
        abi: bytes32.abi,
        functionName: 'mint',
        args: [holder, 7n * 10n ** 18n],
      } as never),
    );
    const env: Record<string, string> = { ETHEREUM_RPC_URL: anvil.rpcUrl };
    if (process.env.DATABASE_URL) {
      serverDb = await createTestDatabase();
      env.DATABASE_URL = serverDb.url;
    }
    service = await startService(env);
  });
  afterAll(async () => {
    await service?.stop();
    await serverDb?.close();
    await anvil?.stop();
  });

  const balances = async (assetIds: string) => {
    const res = await service.get(
      `/api/balances/${holder}?chain=ethereum&includeNative=false&assetIds=${assetIds}`,
    );
    return { status: res.status, body: parse(res.text) as { code: string; data: { assets: unknown[] } } };
  };

  it('answers them like registered tokens, equal to the node', async () => {
    const onNode = async (token: Address) =>
      anvil.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder],
      });
    const expected = [
      {
        assetId: tokens.bytes32Token,
        symbol: 'MKR',
        smallestUnit: (await onNode(tokens.bytes32Token)).toString(),
      },
      { assetId: tokens.erc20, symbol: 'TST', smallestUnit: (await onNode(tokens.erc20)).toString() },
    ];
    await eventually(async () => {
      const { status, body } = await balances(`${tokens.erc20},${tokens.bytes32Token}`);
      expect(status).toBe(200);
      const assets = (body.data.assets as { assetId: string; symbol: string; smallestUnit: unknown }[]).map(
        (a) => ({ assetId: a.assetId, symbol: a.symbol, smallestUnit: String(a.smallestUnit) }),
      );
      expect(assets).toEqual(expected);
    });
  });

  it('refuses an ERC-721 and an account without code with NOT_A_TOKEN', async () => {
    for (const contract of [tokens.erc721, tokens.eoa]) {
      const { status, body } = await balances(contract);
      expect(status).toBe(400);
      expect(body.code).toBe('NOT_A_TOKEN');
    }
  });

  it('registers nothing: token metadata says unverified and the asset list does not show them', async () => {
    const listed = await service.get('/api/assets?chain=ethereum&limit=500');
    expect(listed.status).toBe(200);
    const ids = (parse(listed.text) as { data: { id: string }[] }).data.map((a) => a.id);
    expect(ids).not.toContain(tokens.erc20);
    expect(ids).not.toContain(tokens.bytes32Token);

    const res = await service.send('POST', '/api/chain/evm/token-metadata', {
      chain: 'ethereum',
      contract: tokens.erc20,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      contract: tokens.erc20,
      verified: false,
      name: 'Test Token',
      symbol: 'TST',
      decimals: 6,
    });
  });
});
