import { TronWeb } from 'tronweb';
import type { TronBlock, TronTransaction, TronTransactionInfo } from '@chainwire/chains';
import { TRC20_TRANSFER_TOPIC, tronBlockTransfers } from './tron-block-transfers';

const ALICE = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const word = (hex20: string) => hex20.padStart(64, '0');

function tx(
  index: number,
  contractType: string,
  value: Record<string, unknown>,
  contractRet = 'SUCCESS',
): TronTransaction {
  return { txID: String(index).repeat(64).slice(0, 64), index, contractType, value, contractRet };
}

function info(id: string, over: Partial<TronTransactionInfo> = {}): TronTransactionInfo {
  return {
    id,
    blockNumber: 9n,
    fee: 0n,
    energyFee: 0n,
    netFee: 0n,
    energyUsageTotal: 0n,
    netUsage: 0n,
    receiptResult: undefined,
    result: undefined,
    logs: [],
    internalTransfers: [],
    withdrawAmount: 0n,
    withdrawExpireAmount: 0n,
    contractAddress: undefined,
    ...over,
  };
}

function block(transactions: TronTransaction[]): TronBlock {
  return {
    number: 9n,
    hash: 'ab'.repeat(32),
    parentHash: 'cd'.repeat(32),
    timestamp: 1_700_000_001_999,
    txTrieRoot: '00'.repeat(32),
    witness: ALICE,
    version: 30,
    transactions,
  };
}

describe('tronBlockTransfers', () => {
  const aliceHex = TronWeb.address.toHex(ALICE).toLowerCase();

  it('moves nothing but fees for a failed transaction, fees split so they add up to the info fee', () => {
    const t = tx(
      0,
      'TransferContract',
      { owner_address: aliceHex, to_address: USDT_HEX, amount: 5n },
      'REVERT',
    );
    const out = tronBlockTransfers('tron', {
      block: block([t]),
      infos: [info(t.txID, { fee: 1_100_000n, netFee: 100_000n, result: 'FAILED' })],
    });
    expect(out.map((x) => [x.ref, x.kind, x.from, x.to, x.amount])).toEqual([
      ['tx:0:fee:bandwidth', 'fee', ALICE, null, '100000'],
      ['tx:0:fee:other', 'fee', ALICE, null, '1000000'],
    ]);
    expect(out[0].timestamp).toBe(1_700_000_001);
  });

  it("records a contract call's call_value and call_token_value, and only three-topic Transfer logs", () => {
    const t = tx(0, 'TriggerSmartContract', {
      owner_address: aliceHex,
      contract_address: USDT_HEX,
      call_value: 3n,
      call_token_value: 4n,
      token_id: 1002000n,
    });
    const transferLog = {
      address: USDT,
      topics: [TRC20_TRANSFER_TOPIC, word(aliceHex.slice(2)), word(USDT_HEX.slice(2))],
      data: word('ff'),
    };
    const nftLog = { ...transferLog, topics: [...transferLog.topics, word('01')], data: '' };
    const out = tronBlockTransfers('tron', {
      block: block([t]),
      infos: [info(t.txID, { logs: [nftLog, transferLog] })],
    });
    expect(out.map((x) => [x.ref, x.kind, x.asset, x.from, x.to, x.amount])).toEqual([
      ['tx:0:value', 'native', 'native', ALICE, USDT, '3'],
      ['tx:0:trc10', 'trc10', '1002000', ALICE, USDT, '4'],
      // The TRC-721 log (four topics) is skipped but still counts in the block's log index.
      ['log:1', 'trc20', USDT, ALICE, USDT, '255'],
    ]);
  });

  it('records what the contract moved inside a successful call, skipping rejected and zero values', () => {
    const call = tx(0, 'TriggerSmartContract', { owner_address: aliceHex, contract_address: USDT_HEX });
    const failed = tx(
      1,
      'TriggerSmartContract',
      { owner_address: aliceHex, contract_address: USDT_HEX },
      'REVERT',
    );
    const internalTransfers = [
      { from: USDT, to: ALICE, callValue: 9_007_199_254_740_993n, tokenId: undefined, rejected: false },
      { from: USDT, to: ALICE, callValue: 0n, tokenId: undefined, rejected: false },
      { from: USDT, to: ALICE, callValue: 5n, tokenId: undefined, rejected: true },
      { from: USDT, to: ALICE, callValue: 6n, tokenId: '1002000', rejected: false },
    ];
    const out = tronBlockTransfers('tron', {
      block: block([call, failed]),
      infos: [
        info(call.txID, { internalTransfers }),
        info(failed.txID, { internalTransfers, result: 'FAILED' }),
      ],
    });
    expect(out.map((x) => [x.txHash, x.ref, x.kind, x.asset, x.from, x.to, x.amount])).toEqual([
      [call.txID, 'tx:0:internal:0', 'internal', 'native', USDT, ALICE, '9007199254740993'],
      [call.txID, 'tx:0:internal:3', 'trc10', '1002000', USDT, ALICE, '6'],
    ]);
  });

  it('refuses a block whose transaction has no info, and a malformed TRC-10 asset name', () => {
    const t = tx(0, 'TransferAssetContract', {
      owner_address: aliceHex,
      to_address: USDT_HEX,
      amount: 1n,
      asset_name: 'zz',
    });
    expect(() => tronBlockTransfers('tron', { block: block([t]), infos: [] })).toThrow(/no transaction info/);
    expect(() => tronBlockTransfers('tron', { block: block([t]), infos: [info(t.txID)] })).toThrow(
      /asset_name/,
    );
  });
});
