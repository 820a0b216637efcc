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
  /** Where finished lines go; stdout by default, stderr for warn and error. */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void;
  now?: () => Date;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const defaultWrite = (line: string, level: Exclude<LogLevel, 'silent'>): void => {
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
};

/**
 * One line per record: `<iso time> <level> [scope] message {fields as JSON}`. Every URL in the fields is
 * reduced to scheme and host (redactUrlsIn): fields carry errors and their stacks, whose text may hold a
 * node's keyed URL and the request sent to it. Messages are the caller's; callers redact the error text
 * they put in one.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const threshold = RANK[options.level ?? 'info'];
  const write = options.write ?? defaultWrite;
  const now = options.now ?? (() => new Date());
  const make = (scope: string | undefined): Logger => {
    const emit = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields): void => {
      if (RANK[level] < threshold) return;
      const tag = scope ? ` [${scope}]` : '';
      const extra = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : '';
      write(`${now().toISOString()} ${level.padEnd(5)}${tag} ${message}${extra}`, level);
    };
    return {
      debug: (m, f) => emit('debug', m, f),
      info: (m, f) => emit('info', m, f),
      warn: (m, f) => emit('warn', m, f),
      error: (m, f) => emit('error', m, f),
      child: (child) => make(scope ? `${scope}/${child}` : child),
    };
  };
  return make(options.scope);
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

function safeJson(fields: LogFields): string {
  try {
    return JSON.stringify(fields, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'string') return redactUrlsIn(value);
      if (value instanceof Error) return { name: value.name, message: redactUrlsIn(value.message) };
      return value;
    });
  } catch {
    return '{"fields":"unserialisable"}';
  }
}
