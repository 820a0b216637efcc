import { balancesProjection } from './balances/balances.projection';
import { blocksProjection } from './blocks/blocks.projection';
import type { Projection } from './projection';
import { WEBHOOK_PROJECTIONS } from '../../webhooks/src/webhook-projections';

/**
 * Every projection the projector role runs and `cli replay <name>` takes, by name: this library's and the
 * webhook subscriptions read model (the webhook deliveries projection belongs to the dispatcher role).
 */
export const ALL_PROJECTIONS: Readonly<Record<string, Projection>> = Object.freeze({
  [blocksProjection.name]: blocksProjection,
  [balancesProjection.name]: balancesProjection,
  ...Object.fromEntries(WEBHOOK_PROJECTIONS.map((p) => [p.name, p])),
});
