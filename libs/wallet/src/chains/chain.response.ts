import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';
import type { ChainEntity } from '@chainwire/chains';

export class ChainExplorer {
  @ApiProperty({ type: String, nullable: true, example: 'https://etherscan.io' })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '/tx/' })
  txPath!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '/address/' })
  accountPath!: string | null;
}

export class ChainInfoLinks {
  @ApiProperty({ type: String, nullable: true, example: 'https://ethereum.org' })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://github.com/ethereum/go-ethereum' })
  source!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'A public node the registry names' })
  rpc!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://eth.wiki/json-rpc/API' })
  documentation!: string | null;
}

/** One chain of the registry (registry.json's facts, stored in `chains`). */
export class ChainItem {
  @ApiProperty({ example: 'ethereum' })
  id!: string;

  @ApiProperty({ example: 'Ethereum' })
  name!: string;

  @ApiProperty({ description: 'Native asset symbol', example: 'ETH' })
  symbol!: string;

  @ApiProperty({ description: 'Native asset decimals', example: 18 })
  decimals!: number;

  @ApiProperty({ description: 'SLIP-44 coin type (the registry coin id where it has none)', example: '60' })
  slipId!: string;

  @ApiProperty({ type: String, nullable: true, description: "The network's own chain id", example: '1' })
  chainId!: string | null;

  @ApiProperty({ description: "The registry's blockchain family", example: 'Ethereum' })
  chainFamily!: string;

  @ApiProperty({ type: String, nullable: true, example: 'secp256k1' })
  curve!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'secp256k1Extended' })
  publicKeyType!: string | null;

  @ApiProperty({ type: ChainExplorer })
  explorer!: ChainExplorer;

  @ApiProperty({ type: ChainInfoLinks })
  info!: ChainInfoLinks;

  @ApiProperty({ description: 'Plans allow chains up to a tier', example: 1 })
  tier!: number;
}

export const ChainsEnvelope = EnvelopeOf([ChainItem]);

export function toChainItem(row: ChainEntity): ChainItem {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    slipId: String(row.slipId),
    chainId: row.chainId,
    chainFamily: row.family,
    curve: row.curve,
    publicKeyType: row.publicKeyType,
    explorer: { url: row.explorerUrl, txPath: row.explorerTxPath, accountPath: row.explorerAccountPath },
    info: {
      url: row.infoUrl,
      source: row.infoSource,
      rpc: row.infoRpc,
      documentation: row.infoDocumentation,
    },
    tier: row.tier,
  };
}
