import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { formatUnits } from 'viem';
import { ApiError, type Database, DATABASE, ErrorCode, LosslessNumber } from '@chainwire/core';
import { displayContract, parseAccountAddress } from '../addresses/account-address';
import { ChainDirectory } from '@chainwire/chains';
import { parseAssetIds } from './asset-ids';
import type { BalancesQuery } from './balances-query.schema';
import { readAssetBalances, type BalanceLookup } from './balances.repository';
import { UnregisteredTokens } from '../tokens/unregistered-tokens';
import type { AssetBalance, BalancesResult } from './balances.response';

export const PRICES_UNAVAILABLE = 'Prices are unavailable: fiat values are 0';

export class GetBalancesQuery extends Query<BalancesResult> {
  constructor(
    readonly address: string,
    readonly params: BalancesQuery,
  ) {
    super();
  }
}

/**
 * Balances from the balances read model only (no chain calls): the chain from the cached directory,
 * then one query for the wanted assets and their amounts. Zero balances are left out.
 */
@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery, BalancesResult> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
    private readonly unregistered: UnregisteredTokens,
  ) {}

  async execute({ address, params }: GetBalancesQuery): Promise<BalancesResult> {
    const chain = await this.chains.require(params.chain);
    const account = parseAccountAddress(chain.family, address);
    const requested = parseAssetIds(chain.family, params.assetIds);
    const named = requested.contracts.length > 0 || requested.nativeNamed;

    const lookup: BalanceLookup = {
      chain: chain.id,
      address: account.key,
      contracts: named ? requested.contracts : null,
      includeNative: named ? requested.nativeNamed || params.includeNative : params.includeNative,
    };
    let rows = await readAssetBalances(this.db, lookup);

    if (named) {
      let missing = missingContracts(requested.contracts, rows);
      // Contracts the registry lacks are identified on chain and registered unverified, then read again.
      if (missing.length > 0 && (await this.unregistered.register(chain, missing))) {
        rows = await readAssetBalances(this.db, lookup);
        missing = missingContracts(requested.contracts, rows);
      }
      if (missing.length > 0) {
        throw ApiError.badRequest(
          ErrorCode.UNKNOWN_ASSET,
          `Not registered on ${chain.id}: ${missing.map((c) => displayContract(chain.family, c)).join(', ')}`,
        );
      }
    }

    const assets: AssetBalance[] = [];
    for (const row of rows) {
      if (row.amount === null) continue;
      const smallestUnit = BigInt(row.amount);
      if (smallestUnit === 0n) continue;
      const native = row.contract === 'native';
      assets.push({
        assetId: native ? 'native' : displayContract(chain.family, row.contract),
        type: row.type,
        symbol: row.symbol,
        name: row.name,
        decimals: row.decimals,
        contract: native ? null : displayContract(chain.family, row.contract),
        amount: new LosslessNumber(formatUnits(smallestUnit, row.decimals)),
        smallestUnit,
        fiatValue: 0,
      });
    }
    return {
      chain: chain.id,
      address: account.display,
      fiatCurrency: params.fiatCurrency,
      totalFiatValue: 0,
      assets,
    };
  }
}

/** Requested contracts without an active asset row. */
function missingContracts(requested: readonly string[], rows: readonly { contract: string }[]): string[] {
  const found = new Set(rows.map((r) => r.contract));
  return requested.filter((c) => !found.has(c));
}
