import { formatUnits } from 'viem';
import type { TransferObservedData } from '../../../indexing/src/events/chain-events';

export const SCHEMA_VERSION = '1.0';
export const TRANSFER_RECEIVED = 'transfer.received';

/**
 * The webhook body of one incoming transfer (service contract). Serialised once, at scheduling, so every
 * attempt sends and signs the same bytes. `decimals` is the asset's (the chain's for native).
 *
 * Decision: a token missing from the asset registry (null decimals) goes out with `amount` as the integer
 * in smallest units, unscaled, rather than a guessed scale that could be off by orders of magnitude; the
 * body keeps the contract's fields exactly, so receivers that need human units for such a token look its
 * decimals up by `asset_contract`. Registering the asset (cli / registry) makes later deliveries scaled.
 */
export function transferReceivedBody(
  eventId: string,
  subscriptionId: string,
  transfer: TransferObservedData,
  decimals: number | null,
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
      amount: decimals === null ? transfer.amount : formatUnits(BigInt(transfer.amount), decimals),
      asset_type: native ? 'native' : transfer.kind,
      asset_contract: native ? null : transfer.asset,
    },
  });
}
