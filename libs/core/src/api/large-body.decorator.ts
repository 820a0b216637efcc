import { RouteConfig } from '@nestjs/platform-fastify';

/** The route config key LargeBody sets and the JSON body parser reads. */
export const LARGE_BODY = 'largeBody';

/**
 * Lets a route take bodies up to the app's body limit (1 MiB by default) instead of the small limit
 * every other route has (64 KiB by default; docs/architecture.md §7). Only routes that carry payloads
 * of unbounded size need it: signed transactions, whose blobs and calldata are the sender's.
 */
export const LargeBody = () => RouteConfig({ [LARGE_BODY]: true });
