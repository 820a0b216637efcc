import type { RecordedEvent } from '@chainwire/event-store';
import { chainEventId, TRANSFER_OBSERVED, type TransferObservedData } from '@chainwire/chain-events';
import { decideSagaBatch, type SagaSubscription } from './decide-saga-batch';

const HOLDER = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function observed(ref: string, data: Partial<TransferObservedData>): RecordedEvent {
  return {
    id: chainEventId(TRANSFER_OBSERVED, 'ethereum', '0x01', ref),
    type: TRANSFER_OBSERVED,
    streamId: 'chain-ethereum',
    data: {
      chain: 'ethereum',
      blockNumber: '1',
      blockHash: '0x01',
      timestamp: 1,
      txHash: '0x02',
      ref,
      asset: CONTRACT,
      from: '0x0000000000000000000000000000000000000000',
      to: HOLDER,
      amount: '5',
      kind: 'erc20',
      ...data,
    },
  } as unknown as RecordedEvent;
}

describe('decideSagaBatch', () => {
  it('delivers an incoming erc20 transfer but no NFT transfer (erc721, erc1155)', () => {
    const subscription: SagaSubscription = {
      subscriptionId: '7d1a4f0e-0000-4000-8000-000000000001',
      chain: 'ethereum',
      address: HOLDER,
      eventKinds: ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'],
      status: 'active',
    };
    const decide = (event: RecordedEvent) =>
      [
        ...decideSagaBatch([event], [subscription], {
          indexedChains: new Set(['ethereum']),
          decimals: () => 6,
          now: () => new Date(0),
        }).appends.values(),
      ].flat();
    expect(decide(observed('log:0', {}))).toHaveLength(1);
    expect(decide(observed('log:1', { kind: 'erc721', amount: '1', tokenId: '1' }))).toEqual([]);
    expect(decide(observed('log:2:0', { kind: 'erc1155', amount: '3', tokenId: '9' }))).toEqual([]);
  });
});
