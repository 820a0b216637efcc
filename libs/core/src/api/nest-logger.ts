import type { LoggerService } from '@nestjs/common';
import type { Logger } from '../logging/logger';
import { redactUrlsIn } from '../logging/redact-urls';

/**
 * Routes Nest's own logging into ours; its chatty bootstrap 'log' lines become debug. Nest logs what a
 * module threw at boot, whose text may hold a node's keyed URL: URLs are reduced (redactUrlsIn).
 */
export function nestLogger(logger: Logger): LoggerService {
  const text = (message: unknown, context: unknown[]): string => {
    const scope =
      context.length > 0 && typeof context[context.length - 1] === 'string'
        ? `${String(context.at(-1))}: `
        : '';
    return redactUrlsIn(`${scope}${message instanceof Error ? message.message : String(message)}`);
  };
  return {
    log: (message: unknown, ...context: unknown[]) => logger.debug(text(message, context)),
    error: (message: unknown, ...context: unknown[]) => logger.error(text(message, context)),
    warn: (message: unknown, ...context: unknown[]) => logger.warn(text(message, context)),
    debug: (message: unknown, ...context: unknown[]) => logger.debug(text(message, context)),
    verbose: (message: unknown, ...context: unknown[]) => logger.debug(text(message, context)),
    fatal: (message: unknown, ...context: unknown[]) => logger.error(text(message, context)),
  };
}
