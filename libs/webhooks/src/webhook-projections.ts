import { subscriptionsProjection } from './subscriptions/subscriptions.read-model';

/**
 * The webhook read models the projector role runs (via ALL_PROJECTIONS) and `cli replay` rebuilds.
 * One owner per projection: the deliveries projection (the due-time table) is not here, because the
 * dispatcher runs it itself, in-process, so that an outcome's commit wakes the next claim at once.
 */
export const WEBHOOK_PROJECTIONS = [subscriptionsProjection] as const;
