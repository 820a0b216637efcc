import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  PublicKey,
  type Transaction,
  TransactionMessage,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { transactionErrorJson } from './litesvm-errors';

/**
 * A Solana JSON-RPC 2.0 node for tests, backed by LiteSVM (the real SVM and its built-in programs, SPL Token,
 * Token-2022 and the associated-token program among them, run in-process). It serves the methods the product
 * calls, in the wire shapes of the Solana RPC documentation: getLatestBlockhash, getBlockHeight,
 * getSlot, getMultipleAccounts, getAccountInfo, getBalance, getMinimumBalanceForRentExemption, getFeeForMessage,
 * simulateTransaction, getRecentPrioritizationFees, sendTransaction (with its preflight unless skipPreflight),
 * getSignatureStatuses and requestAirdrop (the tests' faucet); `fixture_holdVotes` keeps what lands `processed`.
 * Tests run it in a process of its own: see solana-rpc-process.ts.
 *
 * Block production: every executed transaction is its own slot (the SVM is warped one slot on), so the
 * prioritization-fee cache has the node's semantics: per slot, the lowest compute-unit price paid by a
 * transaction write-locking all the asked accounts (0 when none did), for the last 150 slots.
 */
export interface SolanaRpcServer {
  readonly url: string;
  readonly svm: LiteSVM;
  /** Every JSON-RPC method called, in order. */
  readonly calls: readonly string[];
  /** Executes a signed transaction as sendTransaction does (recording its priority fee); throws on failure. */
  execute(tx: Transaction | VersionedTransaction): void;
  close(): Promise<void>;
}

/** LiteSVM's fee structure charges 5000 lamports per signature (checked by the tests' balance deltas). */
const LAMPORTS_PER_SIGNATURE = 5000n;
/** Blocks a blockhash stays valid for (the cluster's MAX_PROCESSING_AGE). */
const BLOCKHASH_VALIDITY = 150n;
const FEE_CACHE_SLOTS = 150;
/** Slots after which a voted slot is rooted (the tower's lockout depth). */
const MAX_LOCKOUT_HISTORY = 32;
/** The default compute-unit limit per non-ComputeBudget instruction, and the transaction maximum. */
const DEFAULT_CU_PER_INSTRUCTION = 200_000n;
const MAX_CU = 1_400_000n;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface FeeSample {
  readonly slot: bigint;
  readonly microLamportsPerCu: bigint;
  readonly writable: ReadonlySet<string>;
}

export async function startSolanaRpcServer(svm = new LiteSVM()): Promise<SolanaRpcServer> {
  const calls: string[] = [];
  const samples: FeeSample[] = [];
  const slot = () => svm.getClock().slot;
  const context = () => ({ slot: Number(slot()), apiVersion: '2.2.0' });

  /** Signature (base58) → where it landed: every transaction the SVM ran, failed ones included (fee charged). */
  const landed = new Map<string, { slot: bigint; err: unknown }>();
  /** While set (`fixture_holdVotes`), what lands stays `processed`: no supermajority has voted on it yet. */
  let votesHeld = false;
  const unvoted = new Set<string>();

  const simulationFailed = (result: FailedTransactionMetadata) => {
    const meta = result.meta();
    return new RpcError(-32002, `Transaction simulation failed: ${String(result.toString()).slice(0, 200)}`, {
      err: transactionErrorJson(result.err()),
      logs: meta.logs(),
      accounts: null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
    });
  };

  /**
   * Runs a transaction in a slot of its own, as a leader would: a failing one lands too, with its error and its
   * fee charged (what `skipPreflight` sends get). Returns its signature and whether it failed.
   */
  const land = (tx: Transaction | VersionedTransaction) => {
    const signature = bs58Signature(tx);
    if (landed.has(signature)) {
      throw new RpcError(
        -32002,
        'Transaction simulation failed: This transaction has already been processed',
        {
          err: 'AlreadyProcessed',
          logs: [],
          accounts: null,
          unitsConsumed: 0,
        },
      );
    }
    const message = 'version' in tx ? tx.message : tx.compileMessage();
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const current = slot();
    landed.set(signature, { slot: current, err: failed ? transactionErrorJson(result.err()) : null });
    if (votesHeld) unvoted.add(signature);
    if (!failed) {
      const writable = new Set(
        message.staticAccountKeys.filter((_k, i) => message.isAccountWritable(i)).map((k) => k.toBase58()),
      );
      samples.push({ slot: current, microLamportsPerCu: computeBudget(message).price, writable });
    }
    svm.warpToSlot(current + 1n);
    return { signature, failure: failed ? simulationFailed(result) : undefined };
  };

  /** The tests' own sends: a failure throws, as a preflight would have refused it. */
  const execute = (tx: Transaction | VersionedTransaction) => {
    const { signature, failure } = land(tx);
    if (failure) throw failure;
    return signature;
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(slot() + BLOCKHASH_VALIDITY) },
    }),
    getBlockHeight: () => Number(slot()),
    getSlot: () => Number(slot()),
    requestAirdrop: ([key, lamports]) => {
      if (typeof lamports !== 'number') throw new RpcError(-32602, 'Invalid params: lamports');
      const result = svm.airdrop(pubkey(key), BigInt(lamports));
      if (!result || !('signature' in result)) throw new RpcError(-32002, 'airdrop failed');
      return encodeBase58(Buffer.from(result.signature()));
    },
    getBalance: ([key]) => ({ context: context(), value: Number(svm.getBalance(pubkey(key)) ?? 0n) }),
    getAccountInfo: ([key]) => ({ context: context(), value: accountJson(svm, pubkey(key)) }),
    getMultipleAccounts: ([keys]) => {
      if (!Array.isArray(keys)) throw new RpcError(-32602, 'Invalid params: expected an array of keys');
      return { context: context(), value: keys.map((k) => accountJson(svm, pubkey(k))) };
    },
    getMinimumBalanceForRentExemption: ([length]) => {
      if (typeof length !== 'number') throw new RpcError(-32602, 'Invalid params: data length');
      return Number(svm.minimumBalanceForRentExemption(BigInt(length)));
    },
    getFeeForMessage: ([encoded]) => {
      const message = VersionedMessage.deserialize(base64(encoded));
      if (message.recentBlockhash !== svm.latestBlockhash()) return { context: context(), value: null };
      const { price, limit } = computeBudget(message);
      const priority = (price * limit + 999_999n) / 1_000_000n;
      const fee = BigInt(message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priority;
      return { context: context(), value: Number(fee) };
    },
    simulateTransaction: ([encoded, config]) => {
      const options = (config ?? {}) as {
        sigVerify?: boolean;
        replaceRecentBlockhash?: boolean;
        encoding?: string;
      };
      if (options.encoding !== 'base64') throw new RpcError(-32602, 'this fixture takes base64 only');
      if (options.sigVerify && options.replaceRecentBlockhash) {
        throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash');
      }
      const tx = VersionedTransaction.deserialize(base64(encoded));
      if (options.replaceRecentBlockhash) tx.message.recentBlockhash = svm.latestBlockhash();
      svm.withSigverify(options.sigVerify === true);
      try {
        const result = svm.simulateTransaction(tx);
        if ('err' in result && typeof result.err === 'function') {
          const meta = result.meta();
          return {
            context: context(),
            value: {
              err: transactionErrorJson(result.err()),
              logs: meta.logs(),
              accounts: null,
              unitsConsumed: Number(meta.computeUnitsConsumed()),
              returnData: null,
            },
          };
        }
        const meta = result.meta();
        return {
          context: context(),
          value: {
            err: null,
            logs: meta.logs(),
            accounts: null,
            unitsConsumed: Number(meta.computeUnitsConsumed()),
            returnData: null,
          },
        };
      } finally {
        svm.withSigverify(true);
      }
    },
    getRecentPrioritizationFees: ([keys]) => {
      const wanted = Array.isArray(keys) ? keys.map((k) => pubkey(k).toBase58()) : [];
      if (wanted.length > 128) throw new RpcError(-32602, 'Too many inputs provided; max 128');
      const latest = slot();
      const bySlot = new Map<bigint, bigint>();
      for (const sample of samples) {
        if (sample.slot + BigInt(FEE_CACHE_SLOTS) <= latest) continue;
        const matches = wanted.every((k) => sample.writable.has(k));
        const seen = bySlot.get(sample.slot);
        const fee = matches ? sample.microLamportsPerCu : undefined;
        if (fee !== undefined) bySlot.set(sample.slot, seen === undefined || fee < seen ? fee : seen);
        else if (seen === undefined) bySlot.set(sample.slot, 0n);
      }
      return [...bySlot].map(([s, fee]) => ({ slot: Number(s), prioritizationFee: Number(fee) }));
    },
    sendTransaction: ([encoded, config]) => {
      const options = (config ?? {}) as { encoding?: string; skipPreflight?: boolean };
      if (options.encoding !== 'base64') throw new RpcError(-32602, 'this fixture takes base64 only');
      const tx = VersionedTransaction.deserialize(base64(encoded));
      // Preflight: the node simulates first (signatures verified) and refuses a failure without charging it.
      if (!options.skipPreflight && !landed.has(bs58Signature(tx))) {
        const simulated = svm.simulateTransaction(tx);
        if (simulated instanceof FailedTransactionMetadata) throw simulationFailed(simulated);
      }
      return land(tx).signature;
    },
    // Not a Solana method: the tests' switch for transactions landing without votes (see votesHeld).
    fixture_holdVotes: ([hold]) => {
      votesHeld = hold === true;
      if (!votesHeld) unvoted.clear();
      return votesHeld;
    },
    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures) || signatures.length > 256) {
        throw new RpcError(-32602, 'Invalid params: up to 256 signatures');
      }
      const current = slot();
      return {
        context: context(),
        value: signatures.map((signature) => {
          const found = typeof signature === 'string' ? landed.get(signature) : undefined;
          if (!found) return null;
          if (unvoted.has(signature as string)) {
            return {
              slot: Number(found.slot),
              confirmations: 0,
              err: found.err,
              status: found.err ? { Err: found.err } : { Ok: null },
              confirmationStatus: 'processed',
            };
          }
          // Every landed slot counts as voted on; 32 slots on, it is rooted (finalized: confirmations null).
          const depth = current - found.slot;
          const finalized = depth >= BigInt(MAX_LOCKOUT_HISTORY);
          return {
            slot: Number(found.slot),
            confirmations: finalized ? null : Number(depth),
            err: found.err,
            status: found.err ? { Err: found.err } : { Ok: null },
            confirmationStatus: finalized ? 'finalized' : 'confirmed',
          };
        }),
      };
    },
  };

  const answer = (request: { id?: unknown; method?: unknown; params?: unknown }) => {
    const id = request.id ?? null;
    const method = typeof request.method === 'string' ? request.method : '';
    calls.push(method);
    const handler = methods[method];
    if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    try {
      return { jsonrpc: '2.0', id, result: handler(Array.isArray(request.params) ? request.params : []) };
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32602, `Invalid params: ${String(error)}`);
      return { jsonrpc: '2.0', id, error: { code: e.code, message: e.message, data: e.data } };
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const reply =
        body === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : Array.isArray(body)
            ? body.map((r) => answer(r as Record<string, unknown>))
            : answer(body as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    svm,
    calls,
    execute: (tx) => void execute(tx),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function pubkey(value: unknown): PublicKey {
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid params: expected a base58 key');
  try {
    return new PublicKey(value);
  } catch {
    throw new RpcError(-32602, `Invalid param: Invalid ${value}`);
  }
}

function base64(value: unknown): Buffer {
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid params: expected base64');
  return Buffer.from(value, 'base64');
}

function accountJson(svm: LiteSVM, key: PublicKey) {
  const account = svm.getAccount(key);
  if (!account) return null;
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner.toBase58(),
    rentEpoch: Number(account.rentEpoch ?? 0),
    space: account.data.length,
  };
}

/** The ComputeBudget price and limit a message sets, decoded with web3.js (defaults as the runtime applies them). */
function computeBudget(message: VersionedMessage | ReturnType<Transaction['compileMessage']>): {
  price: bigint;
  limit: bigint;
} {
  const instructions = TransactionMessage.decompile(message).instructions;
  let price = 0n;
  let limit: bigint | undefined;
  let others = 0n;
  for (const ix of instructions) {
    if (!ix.programId.equals(ComputeBudgetProgram.programId)) {
      others += 1n;
      continue;
    }
    const type = ComputeBudgetInstruction.decodeInstructionType(ix);
    if (type === 'SetComputeUnitPrice')
      price = BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(ix).microLamports);
    if (type === 'SetComputeUnitLimit')
      limit = BigInt(ComputeBudgetInstruction.decodeSetComputeUnitLimit(ix).units);
  }
  const fallback = others * DEFAULT_CU_PER_INSTRUCTION;
  return { price, limit: limit ?? (fallback > MAX_CU ? MAX_CU : fallback) };
}

function bs58Signature(tx: Transaction | VersionedTransaction): string {
  const signature = 'version' in tx ? tx.signatures[0] : tx.signature;
  if (!signature) throw new RpcError(-32602, 'unsigned transaction');
  return encodeBase58(Buffer.from(signature));
}

/** Base58 of a 64-byte signature (web3.js exports no encoder for it; PublicKey's takes 32 bytes). */
export function encodeBase58(bytes: Buffer): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}
