import { encodeAbiParameters, numberToHex, pad, type Address, type Hash, type Hex } from 'viem';
import {
  type EvmBlock,
  type EvmLog,
  type EvmReceipt,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from '@chainwire/chains';
import { blockTransfers, genesisTransfers } from './block-transfers';

const A = '0x1111111111111111111111111111111111111111' as Address;
const B = '0x2222222222222222222222222222222222222222' as Address;
const MINER = '0x3333333333333333333333333333333333333333' as Address;
const TOKEN = '0x4444444444444444444444444444444444444444' as Address;
const NEW_CONTRACT = '0x5555555555555555555555555555555555555555' as Address;
const hash = (n: number) => pad(numberToHex(n), { size: 32 }) as Hash;

function block(overrides: Partial<EvmBlock> = {}): EvmBlock {
  return {
    number: 7n,
    hash: hash(700),
    parentHash: hash(600),
    timestamp: 1_700_000_000,
    miner: MINER,
    baseFeePerGas: 10n,
    transactions: [],
    withdrawals: [],
    ...overrides,
  };
}

function receipt(tx: number, overrides: Partial<EvmReceipt> = {}): EvmReceipt {
  return {
    transactionHash: hash(tx),
    transactionIndex: tx,
    blockHash: hash(700),
    from: A,
    to: B,
    contractAddress: null,
    status: 'success',
    gasUsed: 21_000n,
    effectiveGasPrice: 12n,
    blobGasUsed: 0n,
    blobGasPrice: 0n,
    logs: [],
    ...overrides,
  };
}

function transferLog(tx: number, logIndex: number, topics: Hex[], data: Hex): EvmLog {
  return {
    address: TOKEN,
    topics: [TRANSFER_TOPIC, ...topics],
    data,
    blockNumber: 7n,
    blockHash: hash(700),
    transactionHash: hash(tx),
    transactionIndex: tx,
    logIndex,
  };
}

const addressTopic = (a: Address) => pad(a, { size: 32 });

describe('blockTransfers', () => {
  it('splits the fee into burnt base fee and miner tip, and moves the value', () => {
    const b = block({ transactions: [{ hash: hash(0), index: 0, from: A, to: B, value: 5n }] });
    const transfers = blockTransfers('eth', { block: b, receipts: [receipt(0)], internal: [], logs: [] });
    expect(transfers.map((t) => [t.ref, t.kind, t.from, t.to, t.amount])).toEqual([
      ['tx:0:value', 'native', A, B, '5'],
      ['tx:0:fee:burn', 'fee', A, null, String(21_000 * 10)],
      ['tx:0:fee:tip', 'fee', A, MINER, String(21_000 * 2)],
    ]);
  });

  it('pays the whole fee to the miner before London, and burns blob gas', () => {
    const b = block({
      baseFeePerGas: null,
      transactions: [{ hash: hash(0), index: 0, from: A, to: B, value: 0n }],
    });
    const r = receipt(0, { blobGasUsed: 131_072n, blobGasPrice: 3n });
    const transfers = blockTransfers('eth', { block: b, receipts: [r], internal: [], logs: [] });
    expect(transfers.map((t) => [t.ref, t.to, t.amount])).toEqual([
      ['tx:0:fee:blob', null, String(131_072 * 3)],
      ['tx:0:fee:tip', MINER, String(21_000 * 12)],
    ]);
  });

  it('moves nothing but the fee for a reverted transaction', () => {
    const b = block({ transactions: [{ hash: hash(0), index: 0, from: A, to: B, value: 9n }] });
    const internal = [
      { transactionHash: hash(0), transactionIndex: 0, path: '0', from: B, to: A, value: 1n },
    ];
    const log = transferLog(0, 0, [addressTopic(A), addressTopic(B)], pad('0x01', { size: 32 }));
    const transfers = blockTransfers('eth', {
      block: b,
      receipts: [receipt(0, { status: 'reverted' })],
      internal,
      logs: [log],
    });
    expect(transfers.map((t) => t.kind)).toEqual(['fee', 'fee']);
  });

  it('credits a contract creation value to the new contract and decodes token transfers', () => {
    const b = block({
      transactions: [
        { hash: hash(0), index: 0, from: A, to: null, value: 3n },
        { hash: hash(1), index: 1, from: A, to: TOKEN, value: 0n },
      ],
      withdrawals: [{ index: 4n, address: B, amountWei: 2_000_000_000n }],
    });
    const logs = [
      transferLog(1, 0, [addressTopic(A), addressTopic(B)], pad('0x0100', { size: 32 })),
      transferLog(1, 1, [addressTopic(B), addressTopic(A), pad('0x2a', { size: 32 })], '0x'),
      transferLog(1, 2, [addressTopic(A), addressTopic(B)], '0x'), // malformed ERC-20: skipped
    ];
    const transfers = blockTransfers('eth', {
      block: b,
      receipts: [
        receipt(0, { to: null, contractAddress: NEW_CONTRACT, effectiveGasPrice: 10n }),
        receipt(1, { effectiveGasPrice: 10n }),
      ],
      internal: [],
      logs,
    });
    expect(
      transfers
        .filter((t) => t.kind !== 'fee')
        .map((t) => [t.ref, t.kind, t.from, t.to, t.amount, t.tokenId]),
    ).toEqual([
      ['tx:0:value', 'native', A, NEW_CONTRACT, '3', undefined],
      ['log:0', 'erc20', A, B, '256', undefined],
      ['log:1', 'erc721', B, A, '1', '42'],
      ['withdrawal:4', 'withdrawal', null, B, '2000000000', undefined],
    ]);
    expect(transfers.find((t) => t.kind === 'erc20')?.asset).toBe(TOKEN);
  });
});

describe('genesisTransfers', () => {
  it('mints each non-zero balance from nowhere', () => {
    const transfers = genesisTransfers('eth', { number: 0n, hash: hash(1), timestamp: 1 }, [
      { address: A, balance: 10n },
      { address: B, balance: 0n },
    ]);
    expect(transfers).toEqual([
      expect.objectContaining({
        kind: 'genesis',
        from: null,
        to: A,
        amount: '10',
        txHash: null,
        ref: `genesis:${A}`,
      }),
    ]);
  });
});

describe('blockTransfers of ERC-1155 logs', () => {
  const OPERATOR = '0x6666666666666666666666666666666666666666' as Address;
  const erc1155Log = (topic0: Hex, logIndex: number, data: Hex): EvmLog => ({
    ...transferLog(0, logIndex, [], data),
    topics: [topic0, addressTopic(OPERATOR), addressTopic(A), addressTopic(B)],
  });
  const withLogs = (logs: EvmLog[]) =>
    blockTransfers('eth', {
      block: block({ transactions: [{ hash: hash(0), index: 0, from: A, to: TOKEN, value: 0n }] }),
      receipts: [receipt(0)],
      internal: [],
      logs,
    }).filter((t) => t.kind === 'erc1155');
  const HUGE = 2n ** 256n - 1n;

  it('maps TransferSingle to one transfer with exact uint256 id and value', () => {
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [HUGE, 2n ** 200n]);
    expect(withLogs([erc1155Log(TRANSFER_SINGLE_TOPIC, 3, data)])).toEqual([
      expect.objectContaining({
        ref: 'log:3',
        kind: 'erc1155',
        asset: TOKEN,
        from: A,
        to: B,
        tokenId: HUGE.toString(),
        amount: (2n ** 200n).toString(),
      }),
    ]);
  });

  it('maps TransferBatch to one transfer per (id, value) pair, refs log:<index>:<pair>', () => {
    const data = encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      [
        [1n, 7n, HUGE],
        [10n, 0n, 3n],
      ],
    );
    expect(
      withLogs([erc1155Log(TRANSFER_BATCH_TOPIC, 5, data)]).map((t) => [t.ref, t.tokenId, t.amount]),
    ).toEqual([
      ['log:5:0', '1', '10'],
      ['log:5:1', '7', '0'],
      ['log:5:2', HUGE.toString(), '3'],
    ]);
  });

  it('skips logs with the topics but not the standard layout', () => {
    const mismatched = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [1n]]);
    expect(
      withLogs([
        erc1155Log(TRANSFER_SINGLE_TOPIC, 0, '0x01'),
        erc1155Log(TRANSFER_BATCH_TOPIC, 1, '0xdeadbeef'),
        erc1155Log(TRANSFER_BATCH_TOPIC, 2, mismatched),
      ]),
    ).toEqual([]);
  });
});
