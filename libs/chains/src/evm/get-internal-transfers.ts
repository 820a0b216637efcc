import { hexToBigInt, numberToHex, type Address, type Hash, type Hex, type PublicClient } from 'viem';
import { checksumAddress } from './checksum-address';
import type { InternalValueTransfer, TraceMethod } from './evm-types';
import { isMethodUnavailableError, RetryableChainError } from './rpc-errors';

/** A parity-style trace (trace_block): Erigon, Nethermind, reth, anvil. */
interface ParityTrace {
  type: 'call' | 'create' | 'suicide' | 'reward' | string;
  action: {
    callType?: string;
    from?: Address;
    to?: Address;
    value?: Hex;
    address?: Address;
    refundAddress?: Address;
    balance?: Hex;
  };
  result?: { address?: Address } | null;
  error?: string;
  traceAddress: number[];
  transactionHash?: Hash | null;
  transactionPosition?: number | null;
  blockHash?: Hash;
}

/** A geth callTracer frame (debug_traceBlockByNumber). */
interface CallFrame {
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  error?: string;
  calls?: CallFrame[];
}

/**
 * Which tracing method the node offers, probed once per client: trace_block, else
 * debug_traceBlockByNumber with the callTracer, else none.
 */
export async function detectTraceMethod(client: PublicClient, probeBlock: bigint): Promise<TraceMethod> {
  const cached = detected.get(client);
  if (cached) return cached;
  let method: TraceMethod = 'none';
  for (const candidate of ['trace_block', 'debug_traceBlockByNumber'] as const) {
    try {
      await requestTraces(client, candidate, probeBlock);
      method = candidate;
      break;
    } catch (error) {
      if (!isMethodUnavailableError(error)) throw error;
    }
  }
  detected.set(client, method);
  return method;
}

const detected = new WeakMap<PublicClient, TraceMethod>();

/**
 * Value moved by successful frames below the top level of each transaction (the top-level value is
 * the transaction's own). A frame that failed, or sits below one that failed, moved nothing.
 * `blockHash` guards against a block replaced while it is read.
 */
export async function getInternalTransfers(
  client: PublicClient,
  method: Exclude<TraceMethod, 'none'>,
  block: { number: bigint; hash: Hash; transactions: readonly { hash: Hash }[] },
): Promise<InternalValueTransfer[]> {
  if (block.transactions.length === 0) return [];
  const raw = await requestTraces(client, method, block.number);
  return method === 'trace_block'
    ? fromParityTraces(raw as ParityTrace[], block)
    : fromCallFrames(raw as { txHash?: Hash; result: CallFrame }[], block);
}

function requestTraces(
  client: PublicClient,
  method: Exclude<TraceMethod, 'none'>,
  number: bigint,
): Promise<unknown> {
  const params =
    method === 'trace_block' ? [numberToHex(number)] : [numberToHex(number), { tracer: 'callTracer' }];
  return client.request({ method, params } as never);
}

function fromParityTraces(
  traces: ParityTrace[],
  block: { hash: Hash; transactions: readonly { hash: Hash }[] },
): InternalValueTransfer[] {
  const transfers: InternalValueTransfer[] = [];
  const failed = new Set<string>();
  for (const trace of traces) {
    if (trace.transactionHash === null || trace.transactionHash === undefined) continue; // block rewards
    if (trace.blockHash && trace.blockHash !== block.hash) {
      throw new RetryableChainError(`traces of block ${block.hash} came from ${trace.blockHash}`);
    }
    const tx =
      trace.transactionPosition ?? block.transactions.findIndex((t) => t.hash === trace.transactionHash);
    // Parents precede children in trace_block order, so a failed ancestor is already recorded.
    if (trace.error || isBelowFailed(failed, tx, trace.traceAddress)) {
      failed.add(`${tx}:${trace.traceAddress.join('.')}`);
      continue;
    }
    if (trace.traceAddress.length === 0) continue;
    const { action } = trace;
    // Most frames move no value (a token transfer is a call with value 0): nothing to build for them.
    if (isZeroValue(trace.type === 'suicide' ? action.balance : action.value)) continue;
    const base = {
      transactionHash: trace.transactionHash,
      transactionIndex: tx,
      path: trace.traceAddress.join('.'),
    };
    if (trace.type === 'call' && action.callType === 'call' && action.from && action.to) {
      pushTransfer(transfers, { ...base, from: action.from, to: action.to, value: toValue(action.value) });
    } else if (trace.type === 'create' && action.from && trace.result?.address) {
      pushTransfer(transfers, {
        ...base,
        from: action.from,
        to: trace.result.address,
        value: toValue(action.value),
      });
    } else if (trace.type === 'suicide' && action.address && action.refundAddress) {
      pushTransfer(transfers, {
        ...base,
        from: action.address,
        to: action.refundAddress,
        value: toValue(action.balance),
      });
    }
  }
  return transfers;
}

function isBelowFailed(failed: Set<string>, tx: number, traceAddress: number[]): boolean {
  if (failed.size === 0) return false;
  for (let depth = 0; depth < traceAddress.length; depth++) {
    if (failed.has(`${tx}:${traceAddress.slice(0, depth).join('.')}`)) return true;
  }
  return false;
}

const VALUE_FRAMES = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

function fromCallFrames(
  results: { txHash?: Hash; result: CallFrame }[],
  block: { transactions: readonly { hash: Hash }[] },
): InternalValueTransfer[] {
  if (results.length !== block.transactions.length) {
    throw new RetryableChainError(
      `expected ${block.transactions.length} transaction traces, got ${results.length}`,
    );
  }
  const transfers: InternalValueTransfer[] = [];
  results.forEach((entry, tx) => {
    const transactionHash = block.transactions[tx].hash;
    if (entry.txHash && entry.txHash !== transactionHash) {
      throw new RetryableChainError(
        `trace of transaction ${tx} is for ${entry.txHash}, not ${transactionHash}`,
      );
    }
    const visit = (frame: CallFrame, path: number[]) => {
      if (frame.error) return;
      if (path.length > 0 && VALUE_FRAMES.has(frame.type.toUpperCase()) && frame.to) {
        pushTransfer(transfers, {
          transactionHash,
          transactionIndex: tx,
          path: path.join('.'),
          from: frame.from,
          to: frame.to,
          value: toValue(frame.value),
        });
      }
      frame.calls?.forEach((child, i) => visit(child, [...path, i]));
    };
    if (entry.result) visit(entry.result, []);
  });
  return transfers;
}

/** `0x0`, `0x00…`, `0x` or absent: no value moved. */
function isZeroValue(hex: Hex | undefined): boolean {
  return hex === undefined || /^0x0*$/.test(hex);
}

function toValue(hex: Hex | undefined): bigint {
  return hex && hex !== '0x' ? hexToBigInt(hex) : 0n;
}

function pushTransfer(into: InternalValueTransfer[], transfer: InternalValueTransfer): void {
  if (transfer.value === 0n) return;
  into.push({ ...transfer, from: checksumAddress(transfer.from), to: checksumAddress(transfer.to) });
}
