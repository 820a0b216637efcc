import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory, type NftStandard, parseAccountAddress } from '@chainwire/chains';
import {
  ApiError,
  CachingResolver,
  type Database,
  DATABASE,
  EGRESS_NEGATIVE_TTL_MS,
  ErrorCode,
  OK_MESSAGE,
} from '@chainwire/core';
import { requireEvmChain } from './evm-chain';
import { fetchTokenMetadata, isOutboundUri } from './metadata/fetch-token-metadata';
import { MetadataFetchSlots } from './metadata/metadata-fetch-slots';
import { NftChainReader } from './nft-chain-reader';
import {
  DEFAULT_METADATA_MAX_BYTES,
  DEFAULT_METADATA_TIMEOUT_MS,
  NFTS_OPTIONS,
  type NftsModuleOptions,
} from './nfts-options';
import type { NftItemQuery } from './nfts-query.schema';
import {
  type CachedMetadataRow,
  readCachedMetadata,
  readIndexedToken,
  storeMetadata,
} from './nfts.repository';
import type { NftItem } from './nfts.response';
import { attributesByTrait } from './attributes-by-trait';

/** A document read is kept this long; a failed read is tried again after a minute. */
const METADATA_TTL_MS = 24 * 60 * 60_000;
const FAILURE_TTL_MS = 60_000;

/** The answer's message when the fetch caps are full: the document is not fetched, nothing is cached. */
export const METADATA_FETCHES_BUSY_MESSAGE =
  'Metadata unavailable: too many metadata fetches in flight; not fetched, try again shortly';

export class GetNftItemQuery extends Query<{ item: NftItem; message: string }> {
  constructor(
    readonly params: NftItemQuery,
    /** The caller's key: its metadata fetches in flight are bounded (docs/architecture.md §11). */
    readonly apiKeyId: string,
  ) {
    super();
  }
}

/**
 * One token: its URI read on chain, its metadata document fetched under the egress guard, both cached in
 * nft_metadata. A token the chain does not know is 404 NFT_NOT_FOUND; a document that cannot be read is
 * a 200 with what the chain gave and the reason in `message`. Concurrent misses of one token share a read.
 * Fetches in flight are bounded per key and in all; over a bound the document is not fetched and the answer
 * (metadata null, METADATA_FETCHES_BUSY_MESSAGE) is not cached, so the next request tries again.
 */
@QueryHandler(GetNftItemQuery)
export class GetNftItemHandler implements IQueryHandler<GetNftItemQuery> {
  private readonly inFlight = new Map<string, Promise<CachedMetadataRow>>();
  private readonly slots: MetadataFetchSlots;
  /** c-ares, a failed or timed-out host refused for a while without a new query (docs/architecture.md §8). */
  private readonly resolver: CachingResolver;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(NFTS_OPTIONS) private readonly options: NftsModuleOptions,
    private readonly chains: ChainDirectory,
    private readonly reader: NftChainReader,
  ) {
    this.slots = new MetadataFetchSlots(options.maxFetchesPerKey, options.maxFetches);
    this.resolver = new CachingResolver({
      servers: options.dnsServers,
      timeoutMs: options.dnsTimeoutMs,
      negativeTtlMs: EGRESS_NEGATIVE_TTL_MS,
      timeoutTtlMs: EGRESS_NEGATIVE_TTL_MS,
    });
  }

  async execute({ params, apiKeyId }: GetNftItemQuery) {
    const chain = requireEvmChain(await this.chains.require(params.chain));
    const contract = parseAccountAddress(chain.family, params.contract);
    const { tokenId } = params;
    let row = await readCachedMetadata(this.db, chain.id, contract.key, tokenId);
    if (!row || row.updated_at.getTime() + (row.message ? FAILURE_TTL_MS : METADATA_TTL_MS) <= Date.now()) {
      const key = `${chain.id}|${contract.key}|${tokenId}`;
      let read = this.inFlight.get(key);
      if (!read) {
        read = this.refresh(
          chain.id,
          contract.display as `0x${string}`,
          contract.key,
          tokenId,
          apiKeyId,
        ).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, read);
      }
      row = await read;
    }
    const item: NftItem = {
      chain: chain.id,
      contract: contract.display,
      tokenId: tokenId.toString(),
      standard: row.standard,
      attributes: attributesByTrait(row.attributes ?? []),
      rawAttributes: row.attributes ?? [],
      lastUpdatedAt: row.updated_at.toISOString(),
      name: row.name,
      description: row.description,
      imageUrl: row.image_url,
      tokenUri: row.token_uri,
    };
    return { item, message: row.message ?? OK_MESSAGE };
  }

  private async refresh(
    chain: string,
    contract: `0x${string}`,
    contractKey: string,
    tokenId: bigint,
    apiKeyId: string,
  ): Promise<CachedMetadataRow> {
    const notFound = () =>
      ApiError.notFound(`No token ${tokenId} of ${contract} on ${chain}`, ErrorCode.NFT_NOT_FOUND);
    const { standard, uri } = await this.readToken(chain, contract, contractKey, tokenId);
    if (standard === null) throw notFound();
    const gateway = this.options.ipfsGatewayUrl;
    const release = uri && isOutboundUri(uri, gateway) ? this.slots.tryAcquire(apiKeyId) : () => undefined;
    if (release === null) {
      const empty = { name: null, description: null, image_url: null, attributes: null };
      return {
        standard,
        token_uri: uri,
        ...empty,
        message: METADATA_FETCHES_BUSY_MESSAGE,
        updated_at: new Date(),
      };
    }
    let outcome;
    try {
      outcome =
        uri === null || uri === ''
          ? { ok: false as const, message: 'Metadata unavailable: the contract gives no URI for this token' }
          : await fetchTokenMetadata(uri, {
              allowPrivateTargets: this.options.allowPrivateTargets,
              ipfsGatewayUrl: gateway,
              timeoutMs: this.options.metadataTimeoutMs ?? DEFAULT_METADATA_TIMEOUT_MS,
              maxBytes: this.options.metadataMaxBytes ?? DEFAULT_METADATA_MAX_BYTES,
              resolve: this.resolver.resolve,
            });
    } finally {
      release();
    }
    const row: CachedMetadataRow = {
      standard,
      token_uri: uri,
      name: outcome.ok ? outcome.metadata.name : null,
      description: outcome.ok ? outcome.metadata.description : null,
      image_url: outcome.ok ? outcome.metadata.imageUrl : null,
      attributes: outcome.ok ? outcome.metadata.attributes : null,
      message: outcome.ok ? null : outcome.message,
      updated_at: new Date(),
    };
    await storeMetadata(this.db, { chain, contract: contractKey, tokenId }, row);
    return row;
  }

  /**
   * The token's standard and URI, or a null standard when it does not exist: an ERC-721 token exists while
   * ownerOf answers; an ERC-1155 id has no such call, so it exists while the nfts read model counts some
   * held. The standard comes from the read model when it has seen the contract, else from ERC-165.
   */
  private async readToken(
    chain: string,
    contract: `0x${string}`,
    contractKey: string,
    tokenId: bigint,
  ): Promise<{ standard: NftStandard | null; uri: string | null }> {
    const indexed = await readIndexedToken(this.db, chain, contractKey, tokenId);
    const standard =
      (indexed?.standard as NftStandard | undefined) ?? (await this.reader.standard(chain, contract));
    if (standard === 'ERC721') {
      const token = await this.reader.erc721Token(chain, contract, tokenId);
      return token.owner === null ? { standard: null, uri: null } : { standard, uri: token.uri };
    }
    if (standard === 'ERC1155') {
      if (!indexed || indexed.held <= 0n) return { standard: null, uri: null };
      return { standard, uri: await this.reader.erc1155Uri(chain, contract, tokenId) };
    }
    return { standard: null, uri: null };
  }
}
