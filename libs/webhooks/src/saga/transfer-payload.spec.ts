import type { TransferObservedData } from '@chainwire/chain-events';
import { transferReceivedBody, transferRevertedBody } from './transfer-payload';

const transfer: TransferObservedData = {
  chain: 'ethereum',
  blockNumber: '19000000',
  blockHash: `0x${'1'.repeat(64)}`,
  timestamp: 1_700_000_000,
  txHash: `0x${'2'.repeat(64)}`,
  ref: 'log:7',
  kind: 'erc20',
  asset: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  from: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  to: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  amount: '123456789000000000000000001',
};

const body = (decimals: number | null) =>
  JSON.parse(transferReceivedBody('e', 's', transfer, decimals)) as { data: Record<string, unknown> };

describe('transferReceivedBody', () => {
  it('scales a registered asset exactly by its decimals', () => {
    expect(body(6).data.amount).toBe('123456789000000000000.000001');
    expect(body(18).data.amount).toBe('123456789.000000000000000001');
  });

  it('sends an unregistered token in smallest units, never a guessed scale, with the contract fields only', () => {
    expect(body(null).data.amount).toBe('123456789000000000000000001');
    expect(Object.keys(body(null).data).sort()).toEqual(Object.keys(body(6).data).sort());
  });

  it('names Tron assets trx / trc10 / trc20 and keeps base58 addresses', () => {
    const tron = (kind: TransferObservedData['kind'], asset: string) =>
      (
        JSON.parse(
          transferReceivedBody(
            'e',
            's',
            { ...transfer, chain: 'tron', kind, asset, to: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH' },
            6,
          ),
        ) as { data: Record<string, unknown> }
      ).data;
    expect(tron('native', 'native')).toMatchObject({ asset_type: 'trx', asset_contract: null });
    expect(tron('trc10', '1002000')).toMatchObject({ asset_type: 'trc10', asset_contract: '1002000' });
    expect(tron('trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({
      asset_type: 'trc20',
      asset_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      to: 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH',
      log_index: 7,
    });
    expect(body(6).data.asset_type).toBe('erc20');
  });

  it('writes block time in ISO 8601 with milliseconds, UTC', () => {
    expect(JSON.parse(transferReceivedBody('e', 's', transfer, 6)).occurred_at).toBe(
      '2023-11-14T22:13:20.000Z',
    );
  });

  it('carries the log index of a token transfer, null for a native one', () => {
    expect(body(6).data.log_index).toBe(7);
    const native = JSON.parse(
      transferReceivedBody('e', 's', { ...transfer, kind: 'native', asset: 'native', ref: 'tx:0:value' }, 18),
    );
    expect(native.data.log_index).toBeNull();
  });
});

describe('transferRevertedBody', () => {
  it('is the same envelope and data with its own id, its type and the reverted event id', () => {
    const received = JSON.parse(transferReceivedBody('first', 's', transfer, 6));
    const reverted = JSON.parse(transferRevertedBody('second', 's', transfer, 6, 'first'));
    expect(reverted).toEqual({
      ...received,
      event_id: 'second',
      event_type: 'transfer.reverted',
      data: { ...received.data, reverted_event_id: 'first' },
    });
  });
});
