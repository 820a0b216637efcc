import { formatUnits } from 'viem';
import type { TransferObservedData } from '@chainwire/chain-events';

export const SCHEMA_VERSION = '1.0';

/** asset_type of a native transfer on chains whose coin has its own name there; 'native' elsewhere. */
const NATIVE_ASSET_TYPE: Readonly<Record<string, string>> = { tron: 'trx' };
export const TRANSFER_RECEIVED = 'transfer.received';
export const TRANSFER_REVERTED_EVENT = 'transfer.reverted';

/** The log index of a token transfer (its ref is `log:<index>`); null for native value transfers. */
export function logIndexOf(transfer: TransferObservedData): number | null {
  const match = /^log:(\d+)$/.exec(transfer.ref);
  return match ? Number(match[1]) : null;
}

/**
 * The webhook body of one incoming transfer (service contract). Serialised once, at scheduling, so every
 * attempt sends and signs the same bytes. `decimals` is the asset's (the chain's for native).
 *
 * Decision: a token without an operator-curated registry row (null decimals, loadAssetDecimals) goes out
 * with `amount` as the integer in smallest units, unscaled, rather than a guessed scale that could be off
 * by orders of magnitude; the body keeps the contract's fields exactly, so receivers that need human
 * units for such a token look its decimals up by `asset_contract`. Only an operator listing the token
 * (cli / registry) makes later deliveries scaled; no tenant's request can (docs/architecture.md §8).
 */
export function transferReceivedBody(
  eventId: string,
  subscriptionId: string,
  transfer: TransferObservedData,
  decimals: number | null,
): string {
  return transferBody(TRANSFER_RECEIVED, eventId, subscriptionId, transfer, decimals, {});
}

/**
 * The webhook body telling a subscriber that a transfer it was sent (`revertedEventId`, the event_id of
 * that transfer.received) left the canonical chain in a reorg: same envelope, same data, its own event_id.
 */
export function transferRevertedBody(
  eventId: string,
  subscriptionId: string,
  transfer: TransferObservedData,
  decimals: number | null,
  revertedEventId: string,
): string {
  return transferBody(TRANSFER_REVERTED_EVENT, eventId, subscriptionId, transfer, decimals, {
    reverted_event_id: revertedEventId,
  });
}

function transferBody(
  eventType: string,
  eventId: string,
  subscriptionId: string,
  transfer: TransferObservedData,
  decimals: number | null,
  extra: Record<string, unknown>,
): string {
  const native = transfer.kind === 'native';
  // The asset_type names the asset's standard: Tron's own coin is `trx` (docs/architecture.md §15).
  const nativeType = NATIVE_ASSET_TYPE[transfer.chain] ?? 'native';
  return JSON.stringify({
    schema_version: SCHEMA_VERSION,
    event_id: eventId,
    event_type: eventType,
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
      asset_type: native ? nativeType : transfer.kind,
      asset_contract: native ? null : transfer.asset,
      // With tx_hash, what receivers de-duplicate by: one transaction can move a token several times.
      log_index: logIndexOf(transfer),
      ...extra,
    },
  });
}
