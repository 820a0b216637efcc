import { Injectable } from '@nestjs/common';

/** The features GET /api/chains/{id}/capabilities reports, in the order it lists them. */
export const CHAIN_FEATURES = [
  'indexed',
  'prices',
  'swaps',
  'names',
  'nfts',
  'staking',
  'transactions',
] as const;
export type ChainFeature = (typeof CHAIN_FEATURES)[number];

/**
 * One feature's answer for a chain, from the deployment's configuration: a feature module registers
 * one when it is built, so the report lists exactly what this process serves.
 */
export interface ChainCapabilityProvider {
  readonly feature: ChainFeature;
  serves(chain: string): boolean;
}

/**
 * What features this deployment serves per chain. A feature nobody registered (not built, or not in this
 * process) is reported false; several providers of one feature are or-ed.
 */
@Injectable()
export class ChainCapabilities {
  private readonly providers: ChainCapabilityProvider[] = [];

  register(provider: ChainCapabilityProvider): void {
    this.providers.push(provider);
  }

  forChain(chain: string): Record<ChainFeature, boolean> {
    const report = Object.fromEntries(CHAIN_FEATURES.map((f) => [f, false])) as Record<ChainFeature, boolean>;
    for (const provider of this.providers) {
      if (provider.serves(chain)) report[provider.feature] = true;
    }
    return report;
  }
}
