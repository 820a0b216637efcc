import { balancesProjection } from './balances/balances.projection';
import { blocksProjection } from './blocks/blocks.projection';
import type { Projection } from './projection';

/** Every projection of this library by name, as `cli replay <name>` and the projector role take them. */
export const ALL_PROJECTIONS: Readonly<Record<string, Projection>> = Object.freeze({
  [blocksProjection.name]: blocksProjection,
  [balancesProjection.name]: balancesProjection,
});
