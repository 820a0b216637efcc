import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'auth:public';

/** Exempts a route from the x-api-key guard (health checks); everything else needs a key. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
