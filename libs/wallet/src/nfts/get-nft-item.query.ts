import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory, type NftStandard } from '@chainwire/chains';
import {
  ApiError,
  type Database,
  DATABASE,
  DEFAULT_IPFS_GATEWAY_URL,
  ErrorCode,
  OK_MESSAGE,
} from '@chainwire/core';
import { parseAccountAddress } from '../addresses/account-address';
import { requireEvmChain } from './evm-chain';
import { fetchTokenMetadata } from './metadata/fetch-token-metadata';
import { NftChainReader } from './nft-chain-reader';
import { withNodeErrors } from './node-errors';
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

/** A document read is kept this long; a failed read is tried again after a minute. */
const METADATA_TTL_MS = 24 * 60 * 60_000;
const FAILURE_TTL_MS = 60_000;

export class GetNftItemQuery extends Query<{ item: NftItem; message: string }> {
  constructor(readonly params: NftItemQuery) {
    super();
  }
}

/**
 * One token: its URI read on chain, its metadata document fetched under the egress guard, both cached in
 * nft_metadata. A token the chain does not know is 404 NFT_NOT_FOUND; a document that cannot be read is
 * a 200 with what the chain gave and the reason in `message`. Concurrent misses of one token share a read.
 */
@QueryHandler(GetNftItemQuery)
export class GetNftItemHandler implements IQueryHandler<GetNftItemQuery> {
  private readonly inFlight = new Map<string, Promise<CachedMetadataRow>>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(NFTS_OPTIONS) private readonly options: NftsModuleOptions,
    private readonly chains: ChainDirectory,
    private readonly reader: NftChainReader,
  ) {}

  async execute({ params }: GetNftItemQuery) {
    const chain = requireEvmChain(await this.chains.require(params.chain));
    const contract = parseAccountAddress(chain.family, params.contract);
    const { tokenId } = params;
    let row = await readCachedMetadata(this.db, chain.id, contract.key, tokenId);
    if (!row || row.updated_at.getTime() + (row.message ? FAILURE_TTL_MS : METADATA_TTL_MS) <= Date.now()) {
      const key = `${chain.id}|${contract.key}|${tokenId}`;
      let read = this.inFlight.get(key);
      if (!read) {
        read = this.refresh(chain.id, contract.display as `0x${string}`, contract.key, tokenId).finally(() =>
          this.inFlight.delete(key),
        );
        this.inFlight.set(key, read);
      }
      row = await read;
    }
    const item: NftItem = {
      chain: chain.id,
      contract: contract.display,
      tokenId: tokenId.toString(),
      standard: row.standard,
      attributes: row.attributes ?? [],
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
  ): Promise<CachedMetadataRow> {
    const notFound = () =>
      ApiError.notFound(`No token ${tokenId} of ${contract} on ${chain}`, ErrorCode.NFT_NOT_FOUND);
    const { standard, uri } = await withNodeErrors(() =>
      this.readToken(chain, contract, contractKey, tokenId),
    );
    if (standard === null) throw notFound();
    const outcome =
      uri === null || uri === ''
        ? { ok: false as const, message: 'Metadata unavailable: the contract gives no URI for this token' }
        : await fetchTokenMetadata(uri, {
            allowPrivateTargets: this.options.allowPrivateTargets,
            ipfsGatewayUrl: this.options.ipfsGatewayUrl ?? DEFAULT_IPFS_GATEWAY_URL,
            timeoutMs: this.options.metadataTimeoutMs ?? DEFAULT_METADATA_TIMEOUT_MS,
            maxBytes: this.options.metadataMaxBytes ?? DEFAULT_METADATA_MAX_BYTES,
          });
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
