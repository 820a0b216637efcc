import { tronWeb } from './tronweb-library';
import type { TronHttpClient } from './tron-http-client';

export type TronResource = 'BANDWIDTH' | 'ENERGY';

/** An unsigned Tron transaction as java-tron and tronweb exchange it. */
export interface TronUnsignedTransaction {
  readonly txID: string;
  readonly raw_data: Record<string, unknown>;
  readonly raw_data_hex: string;
  readonly visible: boolean;
}

interface NowBlock {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp: number } };
}

/** A transaction stays valid this long after its reference block (tronweb's and java-tron's default). */
const EXPIRATION_MS = 60_000;

/**
 * An unsigned Stake 2.0 unstake built with tronweb's TransactionBuilder: UnfreezeBalanceV2 (`amountSun`
 * of `resource` back to the owner after the unfreeze delay) or, with a receiver, UnDelegateResource
 * (take back resource delegated to it). The reference block is the node's head, read through the one
 * Tron client (its timeout and typed errors), and handed to tronweb, which then encodes the protobuf,
 * `raw_data_hex` and `txID` locally; no key is involved.
 */
export async function buildTronUnstakeTransaction(
  node: TronHttpClient,
  request: { owner: string; amountSun: bigint; resource: TronResource; receiver?: string },
): Promise<TronUnsignedTransaction> {
  if (request.amountSun <= 0n || request.amountSun > BigInt(Number.MAX_SAFE_INTEGER)) {
    // tronweb takes amounts as JS numbers (parseInt): beyond 2^53 they would not be exact.
    throw new RangeError(`amount ${request.amountSun} sun is outside 1..2^53-1`);
  }
  const head = await node.post<NowBlock>('/wallet/getnowblock');
  const { number, timestamp } = head.block_header.raw_data;
  const blockHeader = {
    ref_block_bytes: number.toString(16).slice(-4).padStart(4, '0'),
    ref_block_hash: head.blockID.slice(16, 32),
    expiration: timestamp + EXPIRATION_MS,
    timestamp,
  };
  const builder = new (tronWeb())({ fullHost: node.url }).transactionBuilder;
  const amount = Number(request.amountSun);
  const tx = request.receiver
    ? await builder.undelegateResource(amount, request.receiver, request.resource, request.owner, {
        blockHeader,
      })
    : await builder.unfreezeBalanceV2(amount, request.resource, request.owner, { blockHeader });
  return tx as unknown as TronUnsignedTransaction;
}
