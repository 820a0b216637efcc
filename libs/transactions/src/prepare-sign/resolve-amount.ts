import type { DataSource } from 'typeorm';
import { findAssets } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { toSmallestUnit } from '../amounts/to-smallest-unit';
import { TxErrorCode } from '../errors/transaction-error-codes';
import { MAX_UINT256, type TransferIntent } from './transfer-intent';

export interface AmountContext {
  readonly dataSource: DataSource;
  readonly chain: string;
  /** The chain's native decimals (registry). */
  readonly nativeDecimals: number;
  /** Stored-form token contract for TRANSFER_TOKEN. */
  readonly tokenContract?: string;
  /** The registry type the token must have: 'erc20' (default) or 'trc20' on Tron. */
  readonly tokenType?: 'erc20' | 'trc20';
}

/**
 * The transfer amount in smallest units. amountWei is taken as is. A human amount uses the chain's
 * decimals (native) or the asset registry's for the token contract; an unregistered token is 400
 * DECIMALS_UNRESOLVED (a symbol alone never names a token), more fractional digits than the decimals
 * allow 400 VALIDATION_ERROR. A given symbol must match the registered token's.
 */
export async function resolveAmount(intent: TransferIntent, context: AmountContext): Promise<bigint> {
  const decimals = context.tokenContract
    ? await tokenDecimals(intent, context, context.tokenContract)
    : context.nativeDecimals;
  if ('wei' in intent.amount) return intent.amount.wei;
  if (decimals === undefined) {
    throw ApiError.badRequest(
      TxErrorCode.DECIMALS_UNRESOLVED,
      `The decimals of ${intent.tokenContract} on ${context.chain} are unknown (not in the asset registry): send amountWei`,
    );
  }
  const result = toSmallestUnit(intent.amount.human, decimals);
  if (!result.ok) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      result.problem === 'too-precise'
        ? `amount ${intent.amount.human} has more fractional digits than the asset's ${decimals} decimals`
        : `amount ${intent.amount.human} is not a non-negative decimal`,
    );
  }
  if (result.value > MAX_UINT256) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      `amount ${intent.amount.human.slice(0, 100)} is more than 2^256 - 1 smallest units, the most a transfer can carry`,
    );
  }
  return result.value;
}

async function tokenDecimals(
  intent: TransferIntent,
  context: AmountContext,
  contract: string,
): Promise<number | undefined> {
  const [asset] = await findAssets(context.dataSource, context.chain, [contract]);
  if (!asset) return undefined;
  const expected = context.tokenType ?? 'erc20';
  if (asset.type !== expected) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      `${intent.tokenContract} is registered as ${asset.type}, not an ${expected === 'erc20' ? 'ERC-20' : 'TRC-20'} token`,
    );
  }
  if (intent.symbol !== undefined && intent.symbol.toUpperCase() !== asset.symbol.toUpperCase()) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      `symbol ${JSON.stringify(intent.symbol.slice(0, 20))} does not match ${asset.symbol}, the registered symbol of ${intent.tokenContract}`,
    );
  }
  return asset.decimals;
}
