import { createHash } from 'node:crypto';
import { TronWeb, utils as tronUtils } from 'tronweb';
import { decodeFunctionData, encodeErrorResult, erc20Abi, recoverAddress, type Hex } from 'viem';
import { TronFixtureHttpError, type TronRoutes } from './tron-node-fixture';

/**
 * The java-tron routes a wallet's signing path uses, over a small scripted state: `/wallet/getnowblock` (the
 * head of `blocks`), `/wallet/getchainparameters`, `/wallet/triggerconstantcontract` (TRC-20 `transfer` on the
 * scripted token balances, with its energy) and `/wallet/broadcasttransaction`, which verifies a signed
 * transaction for real before applying it:
 * - txID = sha256(raw_data_hex bytes), and raw_data_hex is the protobuf of raw_data (re-encoded with tronweb,
 *   and decoded back: reference block, expiration, fee limit, contract type and owner must agree);
 * - TAPOS: ref_block_bytes / ref_block_hash name one of the recent `blocks`; the expiration is after the head
 *   block and at most 24 h ahead;
 * - the secp256k1 signature over txID recovers the owner address;
 * - the contract validates (TRX balance, a known token contract and call); no duplicate. A TRC-20 call that
 *   reverts (balance) or runs out of energy (fee limit) is accepted and mined failed, as on the chain.
 * Accepted transactions wait in the pool (`/wallet/gettransactionfrompending`) until `mineTronBlock`, then
 * `/wallet/gettransactioninfobyid` answers their block and receipt.
 * Failures answer as java-tron does: HTTP 200 `{code, txid, message}` with the message hex-encoded.
 */
export interface TronFixtureBlock {
  /** blockID: 8 bytes of the number, then 24 bytes of the header hash (hex, no 0x). */
  readonly id: string;
  readonly number: number;
  readonly timestamp: number;
  readonly parentHash: string;
  readonly txTrieRoot: string;
  /** Hex `41…`. */
  readonly witnessAddress: string;
  readonly version: number;
}

export interface TronFixtureToken {
  /** Owner (hex `41…`, lower case) → balance in the token's smallest units. */
  readonly balances: Map<string, bigint>;
  /** Energy of a transfer to an address that holds the token already, and to one that does not (a new slot). */
  readonly energyToHolder: number;
  readonly energyToNewHolder: number;
}

export interface TronSigningChain {
  /** Recent blocks, oldest first; the last is the head. */
  readonly blocks: TronFixtureBlock[];
  readonly parameters: Record<string, number>;
  /** Account (hex `41…`, lower case) → sun. */
  readonly trx: Map<string, bigint>;
  /** Token contract (hex `41…`, lower case) → its state. */
  readonly tokens: Map<string, TronFixtureToken>;
  /**
   * Transactions accepted by broadcasttransaction, in order: in the pool until `mineTronBlock` puts them in a
   * block (`blockNumber`). `outcome` is how they executed: a TRC-20 call that reverts or runs out of energy is
   * still accepted and mined, failed, as java-tron does (only validation failures are refused).
   */
  readonly accepted: TronFixtureTransaction[];
  /** While set, every signing route answers HTTP 503 (a node being restarted, TronGrid shedding load). */
  down?: boolean;
}

export interface TronFixtureTransaction {
  readonly txID: string;
  readonly type: string;
  readonly outcome: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  blockNumber?: number;
}

/** Mines the pool: a new head block after the last one (3 s later) holding every accepted transaction not yet in one. */
export function mineTronBlock(chain: TronSigningChain): TronFixtureBlock {
  const head = chain.blocks[chain.blocks.length - 1]!;
  const number = head.number + 1;
  const hash = sha256Hex(Buffer.from(`block-${number}`));
  const block: TronFixtureBlock = {
    id: number.toString(16).padStart(16, '0') + hash.slice(16),
    number,
    timestamp: head.timestamp + 3000,
    parentHash: head.id,
    txTrieRoot: sha256Hex(Buffer.from(`trie-${number}`)),
    witnessAddress: head.witnessAddress,
    version: head.version,
  };
  chain.blocks.push(block);
  for (const tx of chain.accepted) tx.blockNumber ??= number;
  return block;
}

/** `count` consecutive blocks ending at `head`, one every 3 s, ids derived like java-tron's (number ‖ hash). */
export function scriptedTronBlocks(head: number, count: number, headTimestamp: number): TronFixtureBlock[] {
  const blocks: TronFixtureBlock[] = [];
  let parentHash = sha256Hex(Buffer.from(`parent-of-${head - count + 1}`));
  for (let number = head - count + 1; number <= head; number++) {
    const hash = sha256Hex(Buffer.from(`block-${number}`));
    const id = number.toString(16).padStart(16, '0') + hash.slice(16);
    blocks.push({
      id,
      number,
      timestamp: headTimestamp - (head - number) * 3000,
      parentHash,
      txTrieRoot: sha256Hex(Buffer.from(`trie-${number}`)),
      witnessAddress: `41${sha256Hex(Buffer.from(`witness-${number % 27}`)).slice(0, 40)}`,
      version: 31,
    });
    parentHash = id;
  }
  return blocks;
}

const MAX_EXPIRATION_MS = 24 * 3600 * 1000;

export function tronSigningRoutes(chain: TronSigningChain): TronRoutes {
  const head = () => chain.blocks[chain.blocks.length - 1]!;
  const up = () => {
    if (chain.down) throw new TronFixtureHttpError(503, { Error: 'service unavailable' });
  };
  return {
    '/wallet/getnowblock': () => {
      up();
      const b = head();
      return {
        blockID: b.id,
        block_header: {
          raw_data: {
            number: b.number,
            txTrieRoot: b.txTrieRoot,
            witness_address: b.witnessAddress,
            parentHash: b.parentHash,
            version: b.version,
            timestamp: b.timestamp,
          },
          witness_signature: sha256Hex(Buffer.from(b.id)).repeat(2) + '00',
        },
      };
    },
    '/wallet/getchainparameters': () => {
      up();
      return {
        chainParameter: Object.entries(chain.parameters).map(([key, value]) =>
          value === 0 ? { key } : { key, value },
        ),
      };
    },
    '/wallet/triggerconstantcontract': (body) => {
      up();
      const owner = hexAddress(body.owner_address, body.visible);
      const contract = hexAddress(body.contract_address, body.visible);
      const token = contract && chain.tokens.get(contract);
      if (!owner || !token) {
        return {
          result: {
            code: 'CONTRACT_VALIDATE_ERROR',
            message: hexText('No contract or not a valid smart contract'),
          },
        };
      }
      const call = decodeTransfer(typeof body.data === 'string' ? body.data : '');
      if (!call) return reverted(token.energyToHolder, '0x');
      const { energy, failure } = runTransfer(token, owner, call.to, call.amount, false);
      if (failure)
        return reverted(energy, encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: [failure] }));
      return {
        result: { result: true },
        energy_used: energy,
        constant_result: ['0'.repeat(63) + '1'],
        transaction: { ret: [{}], visible: false, txID: sha256Hex(Buffer.from(String(body.data))) },
      };
    },
    '/wallet/broadcasttransaction': (body) => {
      up();
      return broadcast(chain, body);
    },
    // java-tron answers {} for a transaction in no block; a TRX transfer's receipt carries no `result`.
    '/wallet/gettransactioninfobyid': (body) => {
      up();
      const tx = chain.accepted.find((t) => t.txID === String(body.value ?? '').toLowerCase());
      if (tx?.blockNumber === undefined) return {};
      const block = chain.blocks.find((b) => b.number === tx.blockNumber)!;
      const failed = tx.outcome !== 'SUCCESS';
      return {
        id: tx.txID,
        fee: 345_000,
        blockNumber: tx.blockNumber,
        blockTimeStamp: block.timestamp,
        receipt:
          tx.type === 'TriggerSmartContract'
            ? { energy_usage_total: 14_650, net_usage: 345, result: tx.outcome }
            : { net_usage: 267 },
        ...(failed ? { result: 'FAILED', resMessage: hexText(tx.outcome) } : {}),
      };
    },
    '/wallet/gettransactionfrompending': (body) => {
      up();
      const tx = chain.accepted.find((t) => t.txID === String(body.value ?? '').toLowerCase());
      return tx && tx.blockNumber === undefined ? { txID: tx.txID, ret: [{}] } : {};
    },
  };
}

function broadcast(chain: TronSigningChain, body: Record<string, unknown>) {
  const txID = typeof body.txID === 'string' ? body.txID.toLowerCase() : '';
  const fail = (code: string, message: string) => ({ code, txid: txID, message: hexText(message) });
  const rawHex = typeof body.raw_data_hex === 'string' ? body.raw_data_hex.toLowerCase() : '';
  const raw = body.raw_data as RawData | undefined;
  const signatures = Array.isArray(body.signature) ? (body.signature as unknown[]) : [];
  if (!/^[0-9a-f]{64}$/.test(txID) || !/^([0-9a-f]{2})+$/.test(rawHex) || !raw || typeof raw !== 'object') {
    return fail('OTHER_ERROR', 'txID, raw_data and raw_data_hex are required');
  }
  if (sha256Hex(Buffer.from(rawHex, 'hex')) !== txID)
    return fail('OTHER_ERROR', 'txID is not sha256(raw_data)');

  // raw_data and raw_data_hex must be the same transaction: encode the JSON, decode the bytes.
  const contract = raw.contract?.[0];
  if (!contract || raw.contract!.length !== 1) return fail('OTHER_ERROR', 'exactly one contract expected');
  let encoded: string;
  let decoded: RawData;
  try {
    encoded = tronUtils.transaction
      .txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ raw_data: raw }))
      .toLowerCase();
    decoded = tronUtils.deserializeTx.deserializeTransaction(contract.type, rawHex) as RawData;
  } catch (error) {
    return fail('OTHER_ERROR', `raw_data does not decode: ${String(error)}`);
  }
  const value = decoded.contract?.[0]?.parameter?.value ?? {};
  const owner = String(value.owner_address ?? '').toLowerCase();
  const agree =
    encoded === rawHex &&
    decoded.contract?.[0]?.parameter?.type_url === `type.googleapis.com/protocol.${contract.type}` &&
    String(decoded.ref_block_bytes).toLowerCase() === String(raw.ref_block_bytes).toLowerCase() &&
    String(decoded.ref_block_hash).toLowerCase() === String(raw.ref_block_hash).toLowerCase() &&
    decoded.expiration === raw.expiration &&
    (decoded.fee_limit ?? 0) === (raw.fee_limit ?? 0) &&
    owner === String(contract.parameter?.value?.owner_address ?? '').toLowerCase();
  if (!agree) return fail('OTHER_ERROR', 'raw_data and raw_data_hex disagree');

  const refBlock = chain.blocks.find(
    (b) =>
      (b.number & 0xffff).toString(16).padStart(4, '0') === String(decoded.ref_block_bytes).toLowerCase() &&
      b.id.slice(16, 32) === String(decoded.ref_block_hash).toLowerCase(),
  );
  if (!refBlock) return fail('TAPOS_ERROR', 'Tapos check error: the reference block is not a recent block');
  const headTime = chain.blocks[chain.blocks.length - 1]!.timestamp;
  const expiration = Number(decoded.expiration);
  if (!(expiration > headTime && expiration <= headTime + MAX_EXPIRATION_MS)) {
    return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired or expiration too far ahead');
  }

  const signature = signatures[0];
  if (signatures.length !== 1 || typeof signature !== 'string' || !/^[0-9a-fA-F]{130}$/.test(signature)) {
    return fail('SIGERROR', 'one 65-byte signature expected');
  }
  return recoverAddress({ hash: `0x${txID}`, signature: `0x${signature}` as Hex }).then((signer) => {
    if (`41${signer.slice(2).toLowerCase()}` !== owner) {
      return fail('SIGERROR', 'Validate signature error: the signature does not recover the owner address');
    }
    if (chain.accepted.some((t) => t.txID === txID)) return fail('DUP_TRANSACTION_ERROR', 'Dup transaction');
    const applied = apply(chain, contract.type, owner, value, Number(decoded.fee_limit ?? 0));
    if (typeof applied === 'string') return fail('CONTRACT_VALIDATE_ERROR', applied);
    chain.accepted.push({ txID, type: contract.type, outcome: applied.outcome });
    return { result: true, txid: txID };
  });
}

/**
 * Runs the contract on the scripted state: a reason when it does not validate (refused at broadcast), else how
 * it executed. A TRC-20 transfer that reverts or runs out of energy changes no balance but is still a
 * transaction of the chain.
 */
function apply(
  chain: TronSigningChain,
  type: string,
  owner: string,
  value: Record<string, unknown>,
  feeLimit: number,
): string | { outcome: TronFixtureTransaction['outcome'] } {
  if (type === 'TransferContract') {
    const to = String(value.to_address ?? '').toLowerCase();
    const amount = BigInt(String(value.amount ?? 0));
    const balance = chain.trx.get(owner) ?? 0n;
    if (amount <= 0n) return 'Amount must be greater than 0';
    if (to === owner) return 'Cannot transfer TRX to yourself';
    if (balance < amount) return `Validate TransferContract error, balance is not sufficient`;
    chain.trx.set(owner, balance - amount);
    chain.trx.set(to, (chain.trx.get(to) ?? 0n) + amount);
    return { outcome: 'SUCCESS' };
  }
  if (type === 'TriggerSmartContract') {
    const token = chain.tokens.get(String(value.contract_address ?? '').toLowerCase());
    if (!token) return 'No contract or not a smart contract';
    const call = decodeTransfer(String(value.data ?? '').toLowerCase());
    if (!call) return 'the fixture runs TRC-20 transfer(address,uint256) only';
    const { energy, failure } = runTransfer(token, owner, call.to, call.amount, false);
    if (failure) return { outcome: 'REVERT' };
    if (BigInt(feeLimit) < BigInt(energy) * BigInt(chain.parameters.getEnergyFee ?? 0)) {
      return { outcome: 'OUT_OF_ENERGY' };
    }
    runTransfer(token, owner, call.to, call.amount, true);
    return { outcome: 'SUCCESS' };
  }
  return `the fixture does not run ${type}`;
}

function runTransfer(
  token: TronFixtureToken,
  from: string,
  to: string,
  amount: bigint,
  commit: boolean,
): { energy: number; failure?: string } {
  const energy = (token.balances.get(to) ?? 0n) > 0n ? token.energyToHolder : token.energyToNewHolder;
  const balance = token.balances.get(from) ?? 0n;
  if (balance < amount)
    return { energy: token.energyToHolder, failure: 'ERC20: transfer amount exceeds balance' };
  if (commit) {
    token.balances.set(from, balance - amount);
    token.balances.set(to, (token.balances.get(to) ?? 0n) + amount);
  }
  return { energy };
}

function decodeTransfer(data: string): { to: string; amount: bigint } | undefined {
  try {
    const { functionName, args } = decodeFunctionData({
      abi: erc20Abi,
      data: `0x${data.replace(/^0x/, '')}`,
    });
    if (functionName !== 'transfer') return undefined;
    return { to: `41${args[0].slice(2).toLowerCase()}`, amount: args[1] };
  } catch {
    return undefined;
  }
}

function reverted(energy: number, revertData: Hex) {
  return {
    result: { code: 'CONTRACT_EXE_ERROR', message: hexText('REVERT opcode executed') },
    energy_used: energy,
    constant_result: [revertData.slice(2)],
    transaction: { ret: [{ ret: 'REVERT' }], visible: false },
  };
}

const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const;

interface RawData {
  contract?: {
    type: string;
    parameter?: { type_url?: string; value?: Record<string, unknown> };
  }[];
  ref_block_bytes?: string;
  ref_block_hash?: string;
  expiration?: number;
  timestamp?: number;
  fee_limit?: number;
}

function hexAddress(value: unknown, visible: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (visible === true)
    return TronWeb.isAddress(value) ? TronWeb.address.toHex(value).toLowerCase() : undefined;
  return /^41[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : undefined;
}

function hexText(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
