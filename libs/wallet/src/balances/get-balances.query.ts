import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE, ErrorCode, OK_MESSAGE } from '@chainwire/core';
import {
  type AccountAddress,
  ChainDirectory,
  type ChainEntry,
  displayContract,
  parseAccountAddress,
} from '@chainwire/chains';
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
import {
  type AssetBalanceRow,
  type BalanceLookup,
  readAssetBalances,
  registeredContracts,
} from './balances.repository';
import { TokenErrorCode } from '../tokens/token-error-codes';
import { type LookupKey, MAX_UNKNOWN_ASSETS_PER_REQUEST } from '../tokens/unknown-token-lookups';
import { type UnlistedToken, UnregisteredTokens } from '../tokens/unregistered-tokens';
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
    /** The requesting key's id: unknown-token lookups are counted against it. */
    readonly apiKey?: LookupKey,
  ) {
    super();
  }
}

/**
 * Balances from the balances read model with fiat values: one query reads the wanted assets, their
 * amounts and their cached prices; assets the read model has never observed for the address are read
 * from the node once (settleAmounts); prices missing or expired are then refreshed together
 * (docs/architecture.md §12). Zero balances are left out; an asset without a price keeps its
 * amount, with a null fiatValue, and the message names it. Named contracts outside the registry are
 * identified for this answer alone (unverified, never priced) and the registry is left as it was (§7).
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

  async execute({ address, params, apiKey }: GetBalancesQuery): Promise<BalancesAnswer> {
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
      const missing = missingContracts(requested.contracts, rows);
      if (missing.length > 0) {
        rows = await readAssetBalances(this.db, lookup, await this.unlisted(chain, missing, apiKey));
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
      const contract = row.contract === 'native' ? null : displayContract(chain.family, row.contract);
      if (fiatValue) total = addDecimals(total, fiatValue);
      // An unverified token is named by its contract: its symbol is whatever the contract says.
      else unpriced.push(row.verified ? row.symbol : `${contract} (unverified)`);
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
        verified: row.verified,
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
   * `missing`, the named contracts without an active registry row, as tokens: one an operator disabled
   * is 400 UNKNOWN_ASSET; the others (at most MAX_UNKNOWN_ASSETS_PER_REQUEST, else 400
   * TOO_MANY_UNKNOWN_ASSETS) are identified on chain through the token metadata cache, for this answer
   * only. UNKNOWN_ASSET too where no node can identify them.
   */
  private async unlisted(
    chain: ChainEntry,
    missing: readonly string[],
    apiKey: LookupKey | undefined,
  ): Promise<UnlistedToken[]> {
    const disabled = await registeredContracts(this.db, chain.id, missing);
    if (disabled.size > 0) throw notRegistered(chain, [...disabled]);
    if (missing.length > MAX_UNKNOWN_ASSETS_PER_REQUEST) {
      throw ApiError.badRequest(
        TokenErrorCode.TOO_MANY_UNKNOWN_ASSETS,
        `At most ${MAX_UNKNOWN_ASSETS_PER_REQUEST} assetIds outside the asset registry per request; ` +
          `${missing.length} given`,
      );
    }
    const tokens = await this.unregistered.identify(chain, missing, apiKey);
    if (!tokens) throw notRegistered(chain, missing);
    return tokens;
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
      // Prices attach through the registry entry alone: an unverified token's symbol names no price.
      if (!row.verified) {
        prices[i] = null;
        continue;
      }
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

function notRegistered(chain: ChainEntry, contracts: readonly string[]): ApiError {
  return ApiError.badRequest(
    ErrorCode.UNKNOWN_ASSET,
    `Not registered on ${chain.id}: ${contracts.map((c) => displayContract(chain.family, c)).join(', ')}`,
  );
}
