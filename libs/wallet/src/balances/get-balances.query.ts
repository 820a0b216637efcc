import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE, ErrorCode, OK_MESSAGE } from '@chainwire/core';
import { type AccountAddress, displayContract, parseAccountAddress } from '../addresses/account-address';
import { ChainDirectory, type ChainEntry } from '@chainwire/chains';
import {
  addDecimals,
  decimalLiteral,
  type ExactDecimal,
  multiplyDecimals,
  parseDecimal,
} from '../prices/exact-decimal';
import { toCachedPrice } from '../prices/price-cache.repository';
import type { PriceService } from '../prices/price.service';
import { PRICE_SERVICE } from '../prices/prices.tokens';
import { parseAssetIds } from './asset-ids';
import type { BalancesQuery } from './balances-query.schema';
import { type AssetBalanceRow, type BalanceLookup, readAssetBalances } from './balances.repository';
import { UnregisteredTokens } from '../tokens/unregistered-tokens';
import type { AssetBalance, BalancesResult } from './balances.response';
import { BalanceObserver } from './observations/balance-observer';

/** A balances answer and its envelope message: 'OK', or which assets have no fiat value. */
export interface BalancesAnswer {
  readonly result: BalancesResult;
  readonly message: string;
}

export class GetBalancesQuery extends Query<BalancesAnswer> {
  constructor(
    readonly address: string,
    readonly params: BalancesQuery,
  ) {
    super();
  }
}

/**
 * Balances from the balances read model with fiat values: one query reads the wanted assets, their
 * amounts and their cached prices; assets the read model has never observed for the address are read
 * from the node once (settleAmounts); prices missing or expired are then refreshed together
 * (docs/architecture.md §12). Zero balances are left out; an asset without a price keeps its
 * amount, with a null fiatValue, and the message names it.
 */
@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery, BalancesAnswer> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
    @Inject(PRICE_SERVICE) private readonly prices: PriceService,
    private readonly unregistered: UnregisteredTokens,
    private readonly observer: BalanceObserver,
  ) {}

  async execute({ address, params }: GetBalancesQuery): Promise<BalancesAnswer> {
    const chain = this.chains.cached(params.chain) ?? (await this.chains.require(params.chain));
    const account = parseAccountAddress(chain.family, address);
    const requested = parseAssetIds(chain.family, params.assetIds);
    const named = requested.contracts.length > 0 || requested.nativeNamed;
    const fiat = params.fiatCurrency;

    const lookup: BalanceLookup = {
      chain: chain.id,
      address: account.key,
      contracts: named ? requested.contracts : null,
      includeNative: named ? requested.nativeNamed || params.includeNative : params.includeNative,
      fiatCurrency: fiat,
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

    await this.settleAmounts(chain, account, rows);
    const held = rows.filter((row) => row.amount !== null && BigInt(row.amount) !== 0n);
    const pricing = this.pricesOf(held, fiat);
    const prices = pricing instanceof Promise ? await pricing : pricing;
    const assets: AssetBalance[] = [];
    const unpriced: string[] = [];
    let total: ExactDecimal = { units: 0n, scale: 0 };
    for (let i = 0; i < held.length; i++) {
      const row = held[i]!;
      const smallestUnit = BigInt(row.amount!);
      const amount: ExactDecimal = { units: smallestUnit, scale: row.decimals };
      const price = prices[i];
      const fiatValue = price ? multiplyDecimals(amount, price) : null;
      if (fiatValue) total = addDecimals(total, fiatValue);
      else unpriced.push(row.symbol);
      const contract = row.contract === 'native' ? null : displayContract(chain.family, row.contract);
      assets.push({
        assetId: contract ?? 'native',
        type: row.type,
        symbol: row.symbol,
        name: row.name,
        decimals: row.decimals,
        smallestUnit,
        amount: decimalLiteral(amount),
        fiatCurrency: fiat,
        tokenContract: contract,
        contract,
        fiatValue: fiatValue && decimalLiteral(fiatValue),
      });
    }
    return {
      result: {
        chain: chain.id,
        address: account.display,
        fiatCurrency: fiat,
        totalFiatValue: decimalLiteral(total),
        assets,
      },
      message:
        unpriced.length > 0 ? `No ${fiat} price for ${unpriced.join(', ')}: no fiat value` : OK_MESSAGE,
    };
  }

  /**
   * Sets each row's amount to the balance at the indexed head: the read model's once the address's
   * balance of the asset has been observed, the pending observation's until the projection reaches its
   * block, and for assets never observed the node's, observed now in one read (docs/architecture.md §5).
   * Without a node for the chain, the indexed transfers are all there is.
   */
  private async settleAmounts(
    chain: ChainEntry,
    account: AccountAddress,
    rows: AssetBalanceRow[],
  ): Promise<void> {
    let unobserved: AssetBalanceRow[] | undefined;
    for (const row of rows) {
      if (row.observation === 'pending') row.amount = row.pending_amount;
      else if (row.observation === null) (unobserved ??= []).push(row);
    }
    if (!unobserved || !this.observer.canObserve(chain)) return;
    const observed = await this.observer.observe(
      chain,
      account,
      unobserved.map((row) => row.contract),
    );
    for (const row of unobserved) row.amount = observed.amounts.get(row.contract)!.toString();
  }

  /**
   * Each asset's price in `fiat`: the cached one while fresh, else refreshed (all refreshes at once); null
   * when no source has one now (PRICE_NOT_FOUND, PRICE_UNAVAILABLE). Other errors (the database) fail
   * the request. Cache hits, nearly every asset of nearly every answer, cost no promise: the prices come
   * back as they are unless one had to be refreshed.
   */
  private pricesOf(
    rows: readonly AssetBalanceRow[],
    fiat: string,
  ): (ExactDecimal | null)[] | Promise<(ExactDecimal | null)[]> {
    const prices: (ExactDecimal | null)[] = [];
    let refreshes: Promise<void>[] | undefined;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const symbol = row.symbol.toUpperCase();
      const price = this.prices.freshOrRefresh(symbol, fiat, toCachedPrice(symbol, fiat, row));
      if (!(price instanceof Promise)) {
        prices[i] = parseDecimal(price.value) ?? null;
        continue;
      }
      const refresh = price.then(
        (refreshed) => void (prices[i] = parseDecimal(refreshed.value) ?? null),
        (error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          prices[i] = null;
        },
      );
      (refreshes ??= []).push(refresh);
    }
    return refreshes ? Promise.all(refreshes).then(() => prices) : prices;
  }
}

/** Requested contracts without an active asset row; a scan (at most MAX_ASSET_IDS each, nearly always one or two) costs less than a set. */
function missingContracts(requested: readonly string[], rows: readonly { contract: string }[]): string[] {
  return requested.filter((c) => !rows.some((r) => r.contract === c));
}
