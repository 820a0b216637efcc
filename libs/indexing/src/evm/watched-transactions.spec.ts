import { keccak256, numberToHex, pad, type Address, type Hash } from 'viem';
import type { EvmBlock, EvmReceipt } from '@chainwire/chains';
import type { FetchedBlock } from './block-transfers';
import { watchedContractSet, watchedTransactions } from './watched-transactions';

const A = '0x1111111111111111111111111111111111111111' as Address;
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' as Address;
const OTHER = '0x2222222222222222222222222222222222222222' as Address;
const hash = (n: number) => pad(numberToHex(n), { size: 32 }) as Hash;

function fetched(
  txs: { to: Address | null; input?: `0x${string}`; status?: 'success' | 'reverted' }[],
): FetchedBlock {
  const block: EvmBlock = {
    number: 7n,
    hash: hash(700),
    parentHash: hash(600),
    timestamp: 1_700_000_000,
    miner: A,
    baseFeePerGas: 1n,
    transactions: txs.map((t, i) => ({
      hash: hash(i),
      index: i,
      from: A,
      to: t.to,
      value: 0n,
      input: t.input,
    })),
    withdrawals: [],
  };
  const receipts: EvmReceipt[] = txs.map((t, i) => ({
    transactionHash: hash(i),
    transactionIndex: i,
    blockHash: hash(700),
    from: A,
    to: t.to,
    contractAddress: null,
    status: t.status ?? 'success',
    gasUsed: 21_000n,
    effectiveGasPrice: 1n,
    blobGasUsed: 0n,
    blobGasPrice: 0n,
    logs: [],
  }));
  return { block, receipts, internal: [], logs: [] };
}

describe('watched transactions', () => {
  it('no configured contract is no watch at all', () => {
    expect(watchedContractSet(undefined)).toBeNull();
    expect(watchedContractSet([])).toBeNull();
  });

  it("records each transaction to a watched contract, reverted ones too, with its calldata's hash", () => {
    const watched = watchedContractSet([ROUTER.toLowerCase()])!;
    const found = watchedTransactions(
      'ethereum',
      fetched([
        { to: ROUTER, input: '0x38ed1739aa' },
        { to: OTHER, input: '0x38ed1739aa' },
        { to: null, input: '0x6080' },
        { to: ROUTER, input: '0x7ff36ab5', status: 'reverted' },
      ]),
      watched,
    );
    expect(found).toEqual([
      {
        chain: 'ethereum',
        blockNumber: '7',
        blockHash: hash(700),
        timestamp: 1_700_000_000,
        txHash: hash(0),
        from: A,
        to: ROUTER,
        inputHash: keccak256('0x38ed1739aa'),
        status: 'success',
      },
      expect.objectContaining({ txHash: hash(3), inputHash: keccak256('0x7ff36ab5'), status: 'reverted' }),
    ]);
  });
});
