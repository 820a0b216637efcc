import { startTronNodeFixture, type TronNodeFixture } from '@test/support/tron-node/tron-node-fixture';
import {
  contractCall,
  hex,
  ScriptedTronChain,
  trc10Transfer,
  trc20Transfer,
  trxTransfer,
} from '@test/support/tron-node/scripted-tron-chain';
import { chainRoutes } from '@test/support/tron-node/chain-routes';
import { getAccountResource } from './get-account-resource';
import { getBlockByNum } from './get-block-by-num';
import { getBlocksByLimitNext } from './get-blocks-by-limit-next';
import { getNowBlock } from './get-now-block';
import { getTransactionInfosByBlockNum } from './get-transaction-infos-by-block-num';
import { toTronBase58 } from './tron-address';
import { TronHttpClient } from './tron-http-client';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ALICE = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const BOB = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';

describe('Tron adapter reads against the java-tron fixture', () => {
  let chain: ScriptedTronChain;
  let node: TronNodeFixture;
  let client: TronHttpClient;

  beforeAll(async () => {
    chain = new ScriptedTronChain();
    chain.mine(trxTransfer(ALICE, BOB, 1_500_000n, { netFee: 100_000n }));
    // int64 amounts beyond 2^53 arrive with every digit.
    chain.mine(trc10Transfer(ALICE, BOB, '1002000', 9_007_199_254_740_993n));
    chain.mine(trc20Transfer(ALICE, USDT, BOB, 25_000_000n, { energyFee: 6_000_000n, netFee: 345_000n }));
    chain.mine(
      contractCall(
        'TriggerSmartContract',
        { owner_address: hex(ALICE), contract_address: hex(USDT), data: '00' },
        {
          internal_transactions: [
            {
              hash: '11'.repeat(32),
              caller_address: hex(USDT),
              transferTo_address: hex(BOB),
              callValueInfo: [{ callValue: 77n }, { callValue: 5n, tokenId: '1002000' }],
              note: '63616c6c',
            },
            {
              hash: '22'.repeat(32),
              caller_address: hex(USDT),
              transferTo_address: hex(ALICE),
              callValueInfo: [{}],
              note: '63616c6c',
              rejected: true,
            },
          ],
        },
      ),
    );
    chain.solidifiedLag = 2;
    node = await startTronNodeFixture(chainRoutes(chain));
    client = new TronHttpClient({ url: node.url, apiKey: 'grid-key' });
  });
  afterAll(() => node?.close());

  it('reads the head and the solidified head, with the API key header', async () => {
    const head = await getNowBlock(client);
    expect(head).toMatchObject({ number: 4n, hash: chain.head.blockID, parentHash: chain.block(3)!.blockID });
    expect(head.timestamp).toBe(chain.head.timestamp);
    expect(head.witness).toBe(chain.witness);
    expect(head.transactions[0]).toMatchObject({
      contractType: 'TriggerSmartContract',
      contractRet: 'SUCCESS',
    });
    expect((await getNowBlock(client, { solidified: true })).number).toBe(2n);
    expect(node.requests.every((r) => r.apiKey === 'grid-key')).toBe(true);
  });

  it('reads ranges with endNum exclusive and refuses ranges java-tron would answer {} for', async () => {
    const blocks = await getBlocksByLimitNext(client, 1n, 3n);
    expect(blocks.map((b) => b.number)).toEqual([1n, 2n, 3n]);
    expect(node.requests.at(-1)?.body).toEqual({ startNum: 1, endNum: 4 });
    expect(await getBlocksByLimitNext(client, 5n, 10n)).toEqual([]);
    await expect(getBlocksByLimitNext(client, 0n, 100n)).rejects.toThrow(RangeError);
    expect((await getBlocksByLimitNext(client, 0n, 99n)).length).toBe(5);
    expect(await getBlockByNum(client, 9n)).toBeNull();
    expect((await getBlockByNum(client, 2n))?.transactions[0].value.amount).toBe(9_007_199_254_740_993n);
  });

  it('reads transaction infos: fees in sun and TRC-20 logs with base58 contracts', async () => {
    const [info] = await getTransactionInfosByBlockNum(client, 3n);
    expect(info).toMatchObject({
      fee: 6_345_000n,
      energyFee: 6_000_000n,
      netFee: 345_000n,
      receiptResult: 'SUCCESS',
    });
    expect(info.logs[0].address).toBe(USDT);
    expect(toTronBase58(`41${info.logs[0].topics[2].slice(24)}`)).toBe(BOB);
    expect(await getTransactionInfosByBlockNum(client, 0n)).toEqual([]);
    const [call] = await getTransactionInfosByBlockNum(client, 4n);
    expect(call.internalTransfers).toEqual([
      { from: USDT, to: BOB, callValue: 77n, tokenId: undefined, rejected: false },
      { from: USDT, to: BOB, callValue: 5n, tokenId: '1002000', rejected: false },
      { from: USDT, to: ALICE, callValue: 0n, tokenId: undefined, rejected: true },
    ]);
  });

  it('reads account resources, absent fields as 0', async () => {
    chain.resources.set(ALICE, { freeNetUsed: 120n, freeNetLimit: 600n, EnergyLimit: 5000n });
    expect(await getAccountResource(client, ALICE)).toEqual({
      energyUsed: 0n,
      energyLimit: 5000n,
      freeNetUsed: 120n,
      freeNetLimit: 600n,
      netUsed: 0n,
      netLimit: 0n,
    });
    expect(node.requests.at(-1)?.body).toEqual({ address: expect.stringMatching(/^41[0-9a-f]{40}$/) });
  });

  it('accepts hex addresses and refuses malformed ones', () => {
    expect(toTronBase58('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT);
    expect(toTronBase58('0x41A614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe(USDT);
    expect(toTronBase58('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
    expect(toTronBase58(USDT.replace('TR7', 'TR8'))).toBeNull();
  });
});
