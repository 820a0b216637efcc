import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { BARE_RESPONSE } from './bare-response.decorator';
import { Enveloped, okEnvelope } from './envelope';

/** Wraps every handler result in `{ok: true, code: 'OK', message, data}` unless marked @BareResponse(). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const bare = this.reflector.getAllAndOverride<boolean>(BARE_RESPONSE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (bare) return next.handle();
    return next
      .handle()
      .pipe(
        map((result: unknown) =>
          result instanceof Enveloped ? okEnvelope(result.data, result.message) : okEnvelope(result ?? null),
        ),
      );
  }
}
