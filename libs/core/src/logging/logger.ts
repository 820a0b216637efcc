import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { redactUrlsIn } from './redact-urls';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose lines are tagged with `scope` (nested scopes are joined with '/'). */
  child(scope: string): Logger;
}

export interface CreateLoggerOptions {
  level?: LogLevel;
  scope?: string;
  /** Where finished lines go (one JSON line each, without its newline); stdout by default, stderr for warn and error. */
  write?: (line: string) => void;
  now?: () => Date;
}

/**
 * One JSON line per record (pino): `level`, `time` (ISO), `scope`, `msg` and the fields. Every URL in the
 * fields is reduced to scheme and host (redactUrlsIn): fields carry errors and their stacks, whose text may
 * hold a node's keyed URL and the request sent to it. Messages are the caller's; callers redact the error
 * text they put in one. Lines are written synchronously, so a crash loses none already logged.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const now = options.now ?? (() => new Date());
  const root = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: () => `,"time":"${now().toISOString()}"`,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactFields(fields) as Record<string, unknown>,
      },
    },
    destinationOf(options.write),
  );
  const wrap = (logger: PinoLogger, scope: string | undefined): Logger => ({
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (name) => {
      const nested = scope ? `${scope}/${name}` : name;
      return wrap(root.child({ scope: nested }), nested);
    },
  });
  return options.scope ? wrap(root.child({ scope: options.scope }), options.scope) : wrap(root, undefined);
}

/** A logger that drops everything; the default where a component's logger is optional. */
export const silentLogger: Logger = createLogger({ level: 'silent' });

/** Adapts a logger to the `(message) => void` callbacks that lower-level components accept. */
export function logFunction(
  logger: Logger,
  level: Exclude<LogLevel, 'silent'> = 'info',
): (message: string) => void {
  return (message) => logger[level](message);
}

function destinationOf(write: CreateLoggerOptions['write']): DestinationStream {
  if (write) return { write: (line: string) => write(line.replace(/\n$/, '')) };
  return pino.multistream(
    [
      { level: 'debug', stream: pino.destination({ fd: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/** Fields as they may be written: bigints as decimal strings, URLs redacted, errors as name and message. */
function redactFields(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return redactUrlsIn(value);
  if (value instanceof Error) return { name: value.name, message: redactUrlsIn(value.message) };
  if (value === null || typeof value !== 'object') return value;
  const toJson = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJson === 'function') return redactFields(toJson.call(value), seen);
  // `seen` holds the objects above this one: a cycle, not a shared reference.
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((item) => redactFields(item, seen))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactFields(item, seen)]));
  seen.delete(value);
  return out;
}
