import { RouteConfig } from '@nestjs/platform-fastify';

/** The Fastify route-config key the envelope hook reads. */
export const BARE_RESPONSE_CONFIG = 'bareResponse';

/** The handler's result is sent as is, not wrapped in the envelope (errors still are). */
export const BareResponse = (): MethodDecorator => RouteConfig({ [BARE_RESPONSE_CONFIG]: true });
