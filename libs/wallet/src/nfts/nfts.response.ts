import { z } from 'zod';
import { isoTime, listedText } from '@chainwire/core';

const NFT_STANDARDS = ['ERC721', 'ERC1155'] as const;

export const nftCollectionSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    contract: z
      .string()
      .meta({ description: 'Checksummed', example: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D' }),
    name: z.string().nullable().meta({ description: 'name() read on chain; null when absent' }),
    symbol: z.string().nullable().meta({ description: 'symbol() read on chain; null when absent' }),
    imageUrl: z.string().nullable().meta({
      description: 'The cached image of a held token of the collection; null until one was fetched',
    }),
    standard: listedText(NFT_STANDARDS),
  })
  .meta({ id: 'NftCollection' });

export const nftItemSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    contract: z.string().meta({ description: 'Checksummed' }),
    tokenId: z.string().meta({ description: 'uint256 as a decimal string, exact', example: '1' }),
    standard: listedText(NFT_STANDARDS),
    attributes: z.record(z.string(), z.unknown()).meta({
      description:
        "The document's attributes by trait: trait_type → value (the first value of a repeated trait); {} when none",
      example: { Background: 'Blue', rank: 7 },
    }),
    rawAttributes: z.array(z.unknown()).meta({
      description:
        "The document's attributes list as it gives it (EIP-1155 `properties` as {trait_type, value} entries); [] when none",
    }),
    lastUpdatedAt: isoTime({ description: 'When the metadata was read' }),
    name: z.string().nullable().meta({ description: 'null when the document has none or could not be read' }),
    description: z
      .string()
      .nullable()
      .meta({ description: 'null when the document has none or could not be read' }),
    imageUrl: z.string().nullable().meta({ description: 'ipfs:// images resolved through IPFS_GATEWAY_URL' }),
    tokenUri: z.string().nullable().meta({
      description: 'tokenURI / uri as read on chain ({id} substituted); null when the contract gave none',
    }),
  })
  .meta({ id: 'NftItem' });

export type NftCollection = z.output<typeof nftCollectionSchema>;
export type NftItem = z.output<typeof nftItemSchema>;
