import { ALL_PROJECTIONS } from '../../../../libs/read-models/src/all-projections';
import type { Projection } from '../../../../libs/read-models/src/projection';
import { historyProjection } from '../../../../libs/transactions/src/history/history.projection';

/** Every projection the service runs (projector role) and `cli replay` rebuilds, by name. */
export const SERVICE_PROJECTIONS: Readonly<Record<string, Projection>> = Object.freeze({
  ...ALL_PROJECTIONS,
  [historyProjection.name]: historyProjection,
});
