import { SetMetadata } from '@nestjs/common';

export const BARE_RESPONSE = 'http:bare-response';

/** The handler's result is sent as is, not wrapped in the envelope (errors still are). */
export const BareResponse = (): MethodDecorator & ClassDecorator => SetMetadata(BARE_RESPONSE, true);
