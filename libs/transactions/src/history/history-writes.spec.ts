import { TRANSFER_OBSERVED, TRANSFER_REVERTED, type TransferObservedData } from '@chainwire/chain-events';
import type { RecordedEvent } from '@chainwire/event-store';
import { historyRows, planHistoryWrites } from './history-writes';
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
  it('gives the sender an out row and the recipient an in row, each naming the other', () => {
    const rows = historyRows(transfer({}), 3n);
    expect(rows.map((r) => [r.address, r.direction, r.counterparty])).toEqual([
      [A.toLowerCase(), 'out', B],
      [B.toLowerCase(), 'in', A],
    ]);
    expect(rows[0]).toMatchObject({ blockHash: '0xabc', seq: 3n, asset: 'native', tokenId: null });
  });

  it('gives a self-transfer one row, a mint only an in row, and skips fees and genesis', () => {
    expect(historyRows(transfer({ to: A }), 1n).map((r) => r.direction)).toEqual(['self']);
    const mint = historyRows(
      transfer({ kind: 'erc721', asset: B, from: null, amount: '1', tokenId: '9' }),
      1n,
    );
    expect(mint).toMatchObject([
      { address: B.toLowerCase(), direction: 'in', counterparty: null, asset: B.toLowerCase(), tokenId: '9' },
    ]);
    expect(historyRows(transfer({ kind: 'fee', to: null }), 1n)).toEqual([]);
    expect(historyRows(transfer({ kind: 'genesis', from: null }), 1n)).toEqual([]);
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
      ['insert', 4],
      ['delete', 1],
      ['insert', 2],
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
