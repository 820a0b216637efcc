import type { NewEvent, RecordedEvent } from '@chainwire/event-store';
import {
  BALANCES_OBSERVED,
  type BalancesObserved,
  balancesObservedId,
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  type BlockIndexed,
  type BlockReverted,
  type ChainEvent,
  chainEventId,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
  type TransferKind,
  type TransferObserved,
  type TransferObservedData,
  type TransferReverted,
} from '../index';

/** Builds chain-stream events the way an indexer appends them (deterministic ids). Test use only. */
export function blockIndexed(
  chain: string,
  number: number,
  hash: string,
  parentHash = '0x00',
): NewEvent<BlockIndexed> {
  const data = { chain, number: String(number), hash, parentHash, timestamp: 1_700_000_000 + number };
  return { id: chainEventId(BLOCK_INDEXED, chain, hash), type: BLOCK_INDEXED, data };
}

export function blockReverted(block: NewEvent<BlockIndexed>): NewEvent<BlockReverted> {
  return {
    id: chainEventId(BLOCK_REVERTED, block.data.chain, block.data.hash),
    type: BLOCK_REVERTED,
    data: block.data,
  };
}

export interface TransferSpec {
  kind: TransferKind;
  from: string | null;
  to: string | null;
  amount: bigint | string;
  asset?: string;
  ref: string;
  /** erc721 / erc1155 only; default '1'. */
  tokenId?: string;
}

export function transferObserved(
  block: NewEvent<BlockIndexed>,
  spec: TransferSpec,
): NewEvent<TransferObserved> {
  const { chain, number, hash, timestamp } = block.data;
  const data: TransferObservedData = {
    chain,
    blockNumber: number,
    blockHash: hash,
    timestamp,
    txHash: spec.kind === 'genesis' ? null : `0x${spec.ref.padStart(64, '0')}`,
    ref: spec.ref,
    kind: spec.kind,
    asset: spec.asset ?? 'native',
    from: spec.from,
    to: spec.to,
    amount: spec.amount.toString(),
    ...(spec.kind === 'erc721' || spec.kind === 'erc1155' ? { tokenId: spec.tokenId ?? '1' } : {}),
  };
  return { id: chainEventId(TRANSFER_OBSERVED, chain, hash, spec.ref), type: TRANSFER_OBSERVED, data };
}

export function transferReverted(observed: NewEvent<TransferObserved>): NewEvent<TransferReverted> {
  const { chain, blockHash, ref } = observed.data;
  return {
    id: chainEventId(TRANSFER_REVERTED, chain, blockHash, ref),
    type: TRANSFER_REVERTED,
    data: observed.data,
  };
}

/** Wraps a NewEvent as if read back from the store (for unit tests of pure helpers). */
export function recorded<E extends ChainEvent | BalancesObserved>(
  event: NewEvent<E>,
  n: number,
): RecordedEvent<E> {
  return {
    ...event,
    streamId: 'chain-test',
    streamPosition: BigInt(n),
    position: { commit: 1n, prepare: BigInt(n) },
    metadata: event.metadata ?? {},
    createdAt: new Date(0),
  };
}

/** An observation of `address`'s balances at the end of `block`, as the API appends it. Test use only. */
export function balancesObserved(
  block: NewEvent<BlockIndexed>,
  address: string,
  balances: Record<string, bigint>,
): NewEvent<BalancesObserved> {
  const data = {
    chain: block.data.chain,
    address,
    blockNumber: block.data.number,
    blockHash: block.data.hash,
    balances: Object.entries(balances).map(([asset, amount]) => ({ asset, amount: amount.toString() })),
  };
  return { id: balancesObservedId(data), type: BALANCES_OBSERVED, data };
}
