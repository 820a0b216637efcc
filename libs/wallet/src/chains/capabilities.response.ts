import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

/** What this deployment serves for one chain, each derived from its configuration. */
export class ChainCapabilitiesResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'An indexer follows the chain (balances, history, webhooks)' })
  indexed!: boolean;

  @ApiProperty({ description: 'GET /api/price has a source for its assets' })
  prices!: boolean;

  @ApiProperty({ description: 'Swap quotes (not built yet: false)' })
  swaps!: boolean;

  @ApiProperty({ description: 'POST /api/names/reverse (a node and an ENS registry are configured)' })
  names!: boolean;

  @ApiProperty({ description: 'NFT collections and items' })
  nfts!: boolean;

  @ApiProperty({ description: 'Staking (not built yet: false)' })
  staking!: boolean;
}

export const ChainCapabilitiesEnvelope = EnvelopeOf(ChainCapabilitiesResult);
