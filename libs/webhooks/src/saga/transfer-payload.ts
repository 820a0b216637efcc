import { formatUnits } from 'viem';
import type { TransferObservedData } from '../../../indexing/src/events/chain-events';

export const SCHEMA_VERSION = '1.0';
export const TRANSFER_RECEIVED = 'transfer.received';

/**
 * The webhook body of one incoming transfer (service contract). Serialised once, at scheduling, so every
 * attempt sends and signs the same bytes. `decimals` is the asset's (the chain's for native).
 */
export function transferReceivedBody(
  eventId: string,
  subscriptionId: string,
  transfer: TransferObservedData,
  decimals: number,
): string {
  const native = transfer.kind === 'native';
  return JSON.stringify({
    schema_version: SCHEMA_VERSION,
    event_id: eventId,
    event_type: TRANSFER_RECEIVED,
    subscription_id: subscriptionId,
    occurred_at: new Date(transfer.timestamp * 1000).toISOString(),
    data: {
      chain: transfer.chain,
      direction: 'incoming',
      tx_hash: transfer.txHash,
      block_number: Number(transfer.blockNumber),
      from: transfer.from,
      to: transfer.to,
      amount: formatUnits(BigInt(transfer.amount), decimals),
      asset_type: native ? 'native' : transfer.kind,
      asset_contract: native ? null : transfer.asset,
    },
  });
}
