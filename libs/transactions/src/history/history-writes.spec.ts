import { TRANSFER_OBSERVED, TRANSFER_REVERTED, type TransferObservedData } from '@chainwire/chain-events';
import type { RecordedEvent } from '@chainwire/event-store';
import { historyRow, planHistoryWrites } from './history-writes';
import { decodeCursor, encodeCursor } from './history-cursor';

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';

function transfer(over: Partial<TransferObservedData>): TransferObservedData {
  return {
    chain: 'ethereum',
    blockNumber: '7',
    blockHash: '0xABC',
    timestamp: 1_700_000_000,
    txHash: '0x01',
    ref: 'tx:0:value',
    kind: 'native',
    asset: 'native',
    from: A,
    to: B,
    amount: '5',
    ...over,
  };
}

function recorded(type: string, data: TransferObservedData, n: number): RecordedEvent {
  return {
    id: String(n),
    type,
    streamId: 'chain-ethereum',
    streamPosition: BigInt(n),
    position: { commit: 1n, prepare: BigInt(n) },
    data,
    metadata: {},
    createdAt: new Date(0),
  };
}

describe('history rows', () => {
  it('stores a transfer once, with both parties in stored form and as the chain named them', () => {
    expect(historyRow(transfer({}), 3n)).toEqual({
      chain: 'ethereum',
      blockHash: '0xabc',
      ref: 'tx:0:value',
      seq: 3n,
      blockNumber: '7',
      timestamp: 1_700_000_000,
      txHash: '0x01',
      kind: 'native',
      asset: 'native',
      fromKey: A.toLowerCase(),
      toKey: B.toLowerCase(),
      fromAddress: A,
      toAddress: B,
      amount: '5',
      tokenId: null,
    });
  });

  it('keeps a mint without a sender, a contract asset in stored form, and skips fees and genesis', () => {
    const mint = historyRow(
      transfer({ kind: 'erc721', asset: B, from: null, amount: '1', tokenId: '9' }),
      1n,
    );
    expect(mint).toMatchObject({
      fromKey: null,
      fromAddress: null,
      toKey: B.toLowerCase(),
      asset: B.toLowerCase(),
      tokenId: '9',
    });
    expect(historyRow(transfer({ kind: 'fee', to: null }), 1n)).toBeNull();
    expect(historyRow(transfer({ kind: 'genesis', from: null }), 1n)).toBeNull();
  });

  it('keeps a base58 address as it is: its case is part of it', () => {
    const from = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const row = historyRow(transfer({ chain: 'tron', kind: 'trc10', asset: '1002000', from }), 1n);
    expect(row).toMatchObject({ fromKey: from, fromAddress: from, asset: '1002000' });
  });

  it('plans runs of inserts and deletes in event order', () => {
    const t1 = transfer({ ref: 'a' });
    const t2 = transfer({ ref: 'b' });
    const writes = planHistoryWrites([
      recorded(TRANSFER_OBSERVED, t1, 1),
      recorded(TRANSFER_OBSERVED, t2, 2),
      recorded(TRANSFER_OBSERVED, transfer({ kind: 'fee', ref: 'f' }), 3),
      recorded(TRANSFER_REVERTED, t2, 4),
      recorded(TRANSFER_OBSERVED, transfer({ ref: 'c', blockHash: '0xDEF' }), 5),
    ]);
    expect(writes.map((w) => [w.kind, w.kind === 'insert' ? w.rows.length : w.keys.length])).toEqual([
      ['insert', 2],
      ['delete', 1],
      ['insert', 1],
    ]);
    expect(writes[1]).toEqual({
      kind: 'delete',
      keys: [{ chain: 'ethereum', blockHash: '0xabc', ref: 'b' }],
    });
  });

  it('round-trips a cursor and refuses a forged one', () => {
    const cursor = { blockNumber: 123456789012n, seq: 42n };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(() => decodeCursor('bm9wZQ')).toThrow('cursor is not valid');
  });
});
