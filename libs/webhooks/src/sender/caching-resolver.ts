import {
  CachingResolver as EgressResolver,
  type CachingResolverOptions,
  HostNotFoundError,
} from '@chainwire/core';
import { DispatcherFaultError } from './dispatcher-fault';

export { HostNotFoundError };

/**
 * The dispatcher's resolver: core's c-ares CachingResolver (docs/architecture.md §8), with a resolver that
 * does not serve us reported as a DispatcherFaultError, so the attempt is deferred and counts against
 * neither the retry budget nor the breaker.
 */
export class CachingResolver extends EgressResolver {
  constructor(options: Omit<CachingResolverOptions, 'resolverDown'> = {}) {
    super({ ...options, resolverDown: (message) => new DispatcherFaultError(message) });
  }
}
