import { maxUint256, type Address } from 'viem';
import { callFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { deployTokenContracts, type TokenContracts } from '@test/support/token-contracts';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from '../testing/adapter-settings-for-code';
import { createEvmTxClient } from '../transactions/evm-tx-client';
import { ChainUnavailableError } from '../transactions/tx-errors';
import { readTokenAllowance } from './read-token-allowance';
import { readTokenMetadata } from './read-token-metadata';

describe('token reads against anvil', () => {
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let tokens: TokenContracts;
  let owner: Address;
  let spender: Address;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    tokens = await deployTokenContracts(anvil);
    proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
    [owner, spender] = [anvil.accounts[0]!.address, anvil.accounts[1]!.address];
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[0]!, tokens.erc20, 'DemoToken', 'approve', [spender, maxUint256]),
    );
  });
  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
  });

  const client = () => createEvmTxClient(proxy.url, { batchSize: CHAIN_NODE_SETTINGS_FOR_CODE.rpcBatchSize });

  it('reads an OpenZeppelin ERC-20 in one eth_call', async () => {
    const before = proxy.calls.length;
    expect(await readTokenMetadata(client(), tokens.erc20)).toEqual({
      name: 'Test Token',
      symbol: 'TST',
      decimals: 6,
    });
    expect(proxy.calls.slice(before).map((c) => c.method)).toEqual(['eth_call']);
  });

  it('reads bytes32 name and symbol (MKR-style) and a uint256 decimals', async () => {
    expect(await readTokenMetadata(client(), tokens.bytes32Token)).toEqual({
      name: 'Maker',
      symbol: 'MKR',
      decimals: 18,
    });
  });

  it('answers null for an ERC-721 and an account without code', async () => {
    expect(await readTokenMetadata(client(), tokens.erc721)).toBeNull();
    expect(await readTokenMetadata(client(), tokens.eoa)).toBeNull();
  });

  it('reads an unlimited allowance exactly, zero where none was given, null for a non-token', async () => {
    expect(await readTokenAllowance(client(), tokens.erc20, owner, spender)).toBe(2n ** 256n - 1n);
    expect(await readTokenAllowance(client(), tokens.erc20, spender, owner)).toBe(0n);
    expect(await readTokenAllowance(client(), tokens.bytes32Token, owner, spender)).toBe(0n);
    expect(await readTokenAllowance(client(), tokens.erc721, owner, spender)).toBeNull();
    expect(await readTokenAllowance(client(), tokens.eoa, owner, spender)).toBeNull();
  });

  it.each([
    ['does not answer (503)', { status: 503 }],
    ['refuses the request (401)', { status: 401 }],
    ['answers a JSON-RPC error', { error: { code: -32601, message: 'the method eth_call does not exist' } }],
  ])('throws ChainUnavailableError when the node %s, never a null', async (_case, answer) => {
    const down = await startRpcProxy(anvil.rpcUrl, () => answer);
    try {
      const offline = createEvmTxClient(down.url, {
        retryCount: 0,
        batchSize: CHAIN_NODE_SETTINGS_FOR_CODE.rpcBatchSize,
      });
      await expect(readTokenMetadata(offline, tokens.erc20)).rejects.toBeInstanceOf(ChainUnavailableError);
      await expect(readTokenAllowance(offline, tokens.erc20, owner, spender)).rejects.toBeInstanceOf(
        ChainUnavailableError,
      );
    } finally {
      await down.close();
    }
  });
});
