import { decodeAbiParameters, hexToBigInt, type Address, type Hex } from 'viem';
import {
  checksumAddress,
  type EvmBlock,
  type EvmLog,
  type EvmReceipt,
  type InternalValueTransfer,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from '@chainwire/chains';
import type { TransferObservedData } from '@chainwire/chain-events';

/** One block as read from the node: everything its transfers are derived from. */
export interface FetchedBlock {
  block: EvmBlock;
  /** In transaction order, one per transaction. */
  receipts: EvmReceipt[];
  /** null when the node offers no tracing (internal transfers are then not indexed). */
  internal: InternalValueTransfer[] | null;
  /** This block's token transfer logs (ERC-20/721 Transfer, ERC-1155 TransferSingle/Batch), in log order. */
  logs: EvmLog[];
}

/**
 * Every balance change of the block, per transaction in order: its value, its internal transfers,
 * its token transfers, its fee; then the block's withdrawals. A reverted transaction moves nothing
 * but its fee. Fees split into the burnt base fee (to = null), blob gas (burnt) and the priority
 * fee (to = miner), so native balances, the coinbase's included, add up to the node's.
 */
export function blockTransfers(chain: string, fetched: FetchedBlock): TransferObservedData[] {
  const { block, receipts } = fetched;
  const receiptByHash = new Map(receipts.map((r) => [r.transactionHash, r]));
  const internalByTx = groupBy(fetched.internal ?? [], (t) => t.transactionIndex);
  const logsByTx = groupBy(fetched.logs, (l) => l.transactionIndex);
  const base = {
    chain,
    blockNumber: block.number.toString(),
    blockHash: block.hash,
    timestamp: block.timestamp,
  };
  const transfers: TransferObservedData[] = [];

  for (const tx of block.transactions) {
    const receipt = receiptByHash.get(tx.hash);
    if (!receipt) throw new Error(`no receipt for ${tx.hash} in block ${block.hash}`);
    const txBase = { ...base, txHash: tx.hash };
    const prefix = `tx:${tx.index}`;
    if (receipt.status === 'success') {
      const to = tx.to ?? receipt.contractAddress;
      if (tx.value > 0n && to) {
        transfers.push(native(txBase, `${prefix}:value`, 'native', tx.from, to, tx.value));
      }
      for (const t of internalByTx.get(tx.index) ?? []) {
        transfers.push(native(txBase, `${prefix}:trace:${t.path}`, 'internal', t.from, t.to, t.value));
      }
      for (const log of logsByTx.get(tx.index) ?? []) {
        if (log.topics[0] === TRANSFER_TOPIC) {
          const token = tokenTransfer(txBase, log);
          if (token) transfers.push(token);
        } else erc1155Transfers(txBase, log, transfers);
      }
    }
    const total = receipt.gasUsed * receipt.effectiveGasPrice;
    const burnt = block.baseFeePerGas === null ? 0n : receipt.gasUsed * block.baseFeePerGas;
    const tip = total - burnt;
    const blob = receipt.blobGasUsed * receipt.blobGasPrice;
    if (burnt > 0n) transfers.push(native(txBase, `${prefix}:fee:burn`, 'fee', tx.from, null, burnt));
    if (blob > 0n) transfers.push(native(txBase, `${prefix}:fee:blob`, 'fee', tx.from, null, blob));
    if (tip > 0n) transfers.push(native(txBase, `${prefix}:fee:tip`, 'fee', tx.from, block.miner, tip));
  }

  for (const w of block.withdrawals) {
    if (w.amountWei === 0n) continue;
    transfers.push(
      native({ ...base, txHash: null }, `withdrawal:${w.index}`, 'withdrawal', null, w.address, w.amountWei),
    );
  }
  return transfers;
}

/** Genesis allocations: balances present before the first indexed block, minted from nowhere. */
export function genesisTransfers(
  chain: string,
  block: { number: bigint; hash: string; timestamp: number },
  balances: readonly { address: Address; balance: bigint }[],
): TransferObservedData[] {
  const base = {
    chain,
    blockNumber: block.number.toString(),
    blockHash: block.hash,
    timestamp: block.timestamp,
  };
  return balances
    .filter((b) => b.balance > 0n)
    .map((b) =>
      native({ ...base, txHash: null }, `genesis:${b.address}`, 'genesis', null, b.address, b.balance),
    );
}

type Base = Pick<TransferObservedData, 'chain' | 'blockNumber' | 'blockHash' | 'timestamp' | 'txHash'>;

function native(
  base: Base,
  ref: string,
  kind: TransferObservedData['kind'],
  from: string | null,
  to: string | null,
  amount: bigint,
): TransferObservedData {
  return { ...base, ref, kind, asset: 'native', from, to, amount: amount.toString() };
}

/** ERC-20: Transfer with 3 topics and the amount as 32 bytes of data; ERC-721: 4 topics, tokenId last. */
function tokenTransfer(base: Base, log: EvmLog): TransferObservedData | null {
  const [topic0, fromTopic, toTopic, tokenIdTopic] = log.topics;
  if (topic0 !== TRANSFER_TOPIC || !fromTopic || !toTopic) return null;
  const common = {
    ...base,
    ref: `log:${log.logIndex}`,
    asset: log.address,
    from: topicAddress(fromTopic),
    to: topicAddress(toTopic),
  };
  if (log.topics.length === 3 && log.data.length === 66) {
    return { ...common, kind: 'erc20', amount: hexToBigInt(log.data).toString() };
  }
  if (log.topics.length === 4 && tokenIdTopic) {
    return { ...common, kind: 'erc721', amount: '1', tokenId: hexToBigInt(tokenIdTopic).toString() };
  }
  return null;
}

const UINT256_ARRAYS = [{ type: 'uint256[]' }, { type: 'uint256[]' }] as const;

/**
 * ERC-1155 TransferSingle (4 topics, id and value as 64 bytes of data) or TransferBatch (4 topics, ids and
 * values ABI-encoded): one erc1155 transfer per (id, value), pushed onto `into`. A log that does not decode
 * as the standard event (same topic, other layout) moves nothing.
 */
function erc1155Transfers(base: Base, log: EvmLog, into: TransferObservedData[]): void {
  const [topic0, , fromTopic, toTopic] = log.topics;
  if (log.topics.length !== 4 || !fromTopic || !toTopic) return;
  const common = { ...base, asset: log.address, from: topicAddress(fromTopic), to: topicAddress(toTopic) };
  if (topic0 === TRANSFER_SINGLE_TOPIC) {
    if (log.data.length !== 130) return;
    const tokenId = hexToBigInt(`0x${log.data.slice(2, 66)}`).toString();
    const amount = hexToBigInt(`0x${log.data.slice(66)}`).toString();
    into.push({ ...common, ref: `log:${log.logIndex}`, kind: 'erc1155', amount, tokenId });
    return;
  }
  if (topic0 !== TRANSFER_BATCH_TOPIC) return;
  let ids: readonly bigint[];
  let values: readonly bigint[];
  try {
    [ids, values] = decodeAbiParameters(UINT256_ARRAYS, log.data);
  } catch {
    return;
  }
  if (ids.length !== values.length) return;
  ids.forEach((id, i) => {
    into.push({
      ...common,
      ref: `log:${log.logIndex}:${i}`,
      kind: 'erc1155',
      amount: values[i].toString(),
      tokenId: id.toString(),
    });
  });
}

function topicAddress(topic: Hex): Address {
  return checksumAddress(`0x${topic.slice(26)}`);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
