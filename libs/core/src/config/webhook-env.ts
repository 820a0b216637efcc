import { isIP } from 'node:net';
import { z } from 'zod';
import { optionalVar, withDefault } from './env-var';
import { envFlag, positiveIntegerUpTo } from './validators';

export const WEBHOOK_SECRET_KEY_BYTES = 32;

/**
 * Webhook delivery settings (docs/architecture.md §8). The circuit breaker pauses a subscription when its endpoint failed
 * `breaker.failureThreshold` attempts in a row over at least `breaker.minFailureSpanMs`, and resumes it
 * after `breaker.cooldownMs`.
 */
export interface WebhookSettings {
  /**
   * 32-byte key sealing signing secrets at rest (WEBHOOK_SECRET_KEY). Absent in standalone mode: the server
   * generates one once into DATA_DIR. Absent with DATABASE_URL: the server refuses to boot the api and
   * dispatcher roles, since processes sharing a database must share the key.
   */
  readonly secretKey?: Buffer;
  /** Deliver to loopback, private and other internal targets (false in every mode by default). */
  readonly allowPrivateTargets: boolean;
  readonly httpsOnly: boolean;
  /**
   * Egress fairness (docs/architecture.md §8): attempts one dispatcher keeps in flight at most for one API
   * key and for one target host, so one tenant's slow or dead endpoints leave capacity to the others.
   */
  readonly maxInFlightPerKey: number;
  readonly maxInFlightPerHost: number;
  /** `host[:port]` of the DNS servers webhook hosts are resolved with; empty: the system's (resolv.conf). */
  readonly dnsServers: readonly string[];
  readonly breaker: {
    readonly failureThreshold: number;
    readonly minFailureSpanMs: number;
    readonly cooldownMs: number;
  };
}

/**
 * A key's bound may be lowered, never raised past the default share: one eighth of a dispatcher's 256
 * attempts in flight, so two or three tenants with slow endpoints leave most of them to the others
 * (docs/architecture.md §8).
 */
const MAX_IN_FLIGHT_PER_KEY = 32;

/**
 * A 32-byte key written as 64 hex digits or as base64; null when it is neither. Strict base64 (Node's
 * decoder skips stray characters, so the text must round-trip).
 */
export function decodeWebhookSecretKey(encoded: string): Buffer | null {
  const value = encoded.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) && !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return key.length === WEBHOOK_SECRET_KEY_BYTES ? key : null;
}

const wholeSeconds = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: (i) => `must be a whole number of seconds (got ${JSON.stringify(i.input)})` })
  .transform(Number)
  .refine((n) => n <= 30 * 86_400, { error: 'must be at most 2592000 (30 days)' })
  .transform((n) => n * 1000);

const perKeyBound = positiveIntegerUpTo(99_999).refine((n) => n <= MAX_IN_FLIGHT_PER_KEY, {
  error: `must be at most ${MAX_IN_FLIGHT_PER_KEY} (an eighth of a dispatcher's 256 attempts in flight)`,
});

/** `host`, `host:port`, `[v6]` or `[v6]:port` of an IP-literal DNS server, comma-separated. */
const dnsServers = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((v) => isIP(v) !== 0 || isIpWithPort(v), {
        error: (i) => `must list IP addresses, optionally with :port (got ${JSON.stringify(i.input)})`,
      }),
    ),
  );

function isIpWithPort(value: string): boolean {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  if (!m || Number(m[3]) < 1 || Number(m[3]) > 65535) return false;
  return m[1] ? isIP(m[1]) === 6 : isIP(m[2]) === 4;
}

/** Webhook delivery (docs/architecture.md §8): the key sealing signing secrets, egress rules, breaker. */
export const webhookEnv = z.object({
  WEBHOOK_SECRET_KEY: optionalVar(
    z.string().transform((s, ctx) => {
      const key = decodeWebhookSecretKey(s);
      if (!key) {
        ctx.addIssue({
          code: 'custom',
          message: `must be ${WEBHOOK_SECRET_KEY_BYTES} bytes written as base64 or 64 hex digits (e.g. \`openssl rand -base64 32\`)`,
        });
        return z.NEVER;
      }
      return key;
    }),
    'generated into `DATA_DIR` in standalone mode; required with `DATABASE_URL` for the api and dispatcher roles',
    '32 bytes as base64 or 64 hex digits (`openssl rand -base64 32`), the same for every process; encrypts webhook signing secrets at rest.',
  ),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: withDefault(
    envFlag,
    'false',
    'Allow webhook URLs that resolve to loopback, private, link-local and other internal addresses (standalone too).',
  ),
  WEBHOOK_HTTPS_ONLY: withDefault(envFlag, 'false', 'Refuse plain-http webhook URLs.'),
  WEBHOOK_BREAKER_FAILURES: withDefault(
    positiveIntegerUpTo(999_999),
    '10',
    'Circuit breaker: a subscription is paused after this many consecutive failed attempts …',
  ),
  WEBHOOK_BREAKER_MIN_SPAN_SECONDS: withDefault(
    wholeSeconds,
    '60',
    '… spanning at least this many seconds …',
  ),
  WEBHOOK_BREAKER_COOLDOWN_SECONDS: withDefault(
    wholeSeconds,
    '600',
    '… and resumes after this many seconds.',
  ),
  WEBHOOK_MAX_IN_FLIGHT_PER_KEY: withDefault(
    perKeyBound,
    String(MAX_IN_FLIGHT_PER_KEY),
    'Attempts one dispatcher keeps in flight at most for one API key (1–32: at most an eighth of its 256 slots).',
  ),
  WEBHOOK_MAX_IN_FLIGHT_PER_HOST: withDefault(
    positiveIntegerUpTo(99_999),
    '64',
    'Attempts one dispatcher keeps in flight at most for one target host.',
  ),
  WEBHOOK_DNS_SERVERS: withDefault(
    dnsServers,
    '',
    'Comma-separated IP addresses (optionally `:port`) of the DNS servers webhook and NFT metadata hosts are resolved with.',
    "the system's (`/etc/resolv.conf`)",
  ),
});

export type WebhookEnv = z.output<typeof webhookEnv>;

/**
 * Settings from the parsed variables; a variable not given takes its schema default (for settings built
 * in code: tests, scripts). Private targets are refused in every mode, standalone included, unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true (docs/architecture.md §8).
 */
export function webhookSettings(given: Partial<WebhookEnv> = {}): WebhookSettings {
  const vars = { ...webhookEnv.parse({}), ...given };
  return {
    secretKey: vars.WEBHOOK_SECRET_KEY,
    allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    httpsOnly: vars.WEBHOOK_HTTPS_ONLY,
    maxInFlightPerKey: vars.WEBHOOK_MAX_IN_FLIGHT_PER_KEY,
    maxInFlightPerHost: vars.WEBHOOK_MAX_IN_FLIGHT_PER_HOST,
    dnsServers: vars.WEBHOOK_DNS_SERVERS,
    breaker: {
      failureThreshold: vars.WEBHOOK_BREAKER_FAILURES,
      minFailureSpanMs: vars.WEBHOOK_BREAKER_MIN_SPAN_SECONDS,
      cooldownMs: vars.WEBHOOK_BREAKER_COOLDOWN_SECONDS,
    },
  };
}

/** The defaults of every webhook setting, no key. */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = Object.freeze(webhookSettings());

/** Documented defaults of the circuit breaker: 10 failures in a row over at least 60 s pause for 10 min. */

/**
 * The boot-time check loadConfig cannot make alone (it depends on the roles a process runs): with a
 * shared database, the api and dispatcher roles need WEBHOOK_SECRET_KEY. Returns the message, or null.
 * A config without webhook settings was built by hand, not loaded from the environment: nothing to check.
 */
export function missingWebhookKeyMessage(config: {
  databaseUrl?: string;
  roles: readonly string[];
  webhooks?: WebhookSettings;
}): string | null {
  if (!config.databaseUrl || !config.webhooks || config.webhooks.secretKey) return null;
  if (!config.roles.includes('api') && !config.roles.includes('dispatcher')) return null;
  return (
    `required when DATABASE_URL is set and ROLES include api or dispatcher: ${WEBHOOK_SECRET_KEY_BYTES} bytes ` +
    'as base64 or 64 hex digits, the same for every process (e.g. `openssl rand -base64 32`)'
  );
}
