import { getAddress } from 'viem';
import type { EventStore } from '@chainwire/event-store';
import {
  chainEventId,
  chainStream,
  TRANSFER_OBSERVED,
  type TransferKind,
  type TransferObservedData,
} from '@chainwire/chain-events';

export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SENDER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

/** Four recipients (anvil's first dev accounts), for specs that watch several addresses at once. */
export const RECIPIENTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
] as const;

let block = 1000;

export interface TestTransfer {
  to: string;
  kind: TransferKind;
  amount: string;
  asset?: string;
}

/** Appends one block's TransferObserved events to `chain-<chain>` as the indexer would (deterministic ids). */
export async function appendTransfers(
  eventStore: EventStore,
  transfers: readonly TestTransfer[],
  chain = 'ethereum',
): Promise<TransferObservedData[]> {
  block += 1;
  const blockHash = `0x${block.toString(16).padStart(64, '0')}`;
  const data = transfers.map((t, i): TransferObservedData => ({
    chain,
    blockNumber: String(block),
    blockHash,
    timestamp: 1_700_000_000 + block,
    txHash: `0x${(block * 100_000 + i).toString(16).padStart(64, 'a')}`,
    ref: t.kind === 'erc20' ? `log:${i}` : `tx:${i}:value`,
    kind: t.kind,
    asset: t.kind === 'erc20' ? getAddress(t.asset ?? USDC) : 'native',
    from: SENDER,
    to: getAddress(t.to),
    amount: t.amount,
  }));
  await eventStore.appendToStream(
    chainStream(chain),
    data.map((d) => ({
      id: chainEventId(TRANSFER_OBSERVED, chain, blockHash, d.ref),
      type: TRANSFER_OBSERVED,
      data: d,
    })),
  );
  return data;
}
