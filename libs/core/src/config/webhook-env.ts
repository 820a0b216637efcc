import { isIP } from 'node:net';
import { z } from 'zod';
import { envFlag } from './env-flag';
import type { WebhookSettings } from './app-config';

export const WEBHOOK_SECRET_KEY_BYTES = 32;

/** Documented defaults of the circuit breaker: 10 failures in a row over at least 60 s pause for 10 min. */
export const DEFAULT_WEBHOOK_BREAKER: WebhookSettings['breaker'] = Object.freeze({
  failureThreshold: 10,
  minFailureSpanMs: 60_000,
  cooldownMs: 600_000,
});

/**
 * Documented defaults of the egress bounds (per dispatcher process; its total is 256 attempts in flight): one
 * key holds at most an eighth of the slots, so two or three tenants with slow endpoints leave most of them
 * to the others (docs/architecture.md §8).
 */
export const DEFAULT_MAX_IN_FLIGHT_PER_KEY = 32;
export const DEFAULT_MAX_IN_FLIGHT_PER_HOST = 64;

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

const inFlightBound = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,4}$/, {
    error: (i) => `must be an integer from 1 to 99999 (got ${JSON.stringify(i.input)})`,
  })
  .transform(Number);

/** A key's bound may be lowered, never raised past the default share: one eighth of the 256 slots. */
const perKeyBound = inFlightBound.refine((n) => n <= DEFAULT_MAX_IN_FLIGHT_PER_KEY, {
  error: `must be at most ${DEFAULT_MAX_IN_FLIGHT_PER_KEY} (an eighth of a dispatcher's 256 attempts in flight)`,
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

/** The WEBHOOK_* variables (each optional; empty counts as unset, see baseEnvSchema). */
export const webhookEnvShape = {
  WEBHOOK_SECRET_KEY: z.string().transform((s, ctx) => {
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
  WEBHOOK_ALLOW_PRIVATE_TARGETS: envFlag,
  WEBHOOK_HTTPS_ONLY: envFlag,
  WEBHOOK_BREAKER_FAILURES: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,5}$/, {
      error: (i) => `must be an integer from 1 to 999999 (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number),
  WEBHOOK_BREAKER_MIN_SPAN_SECONDS: wholeSeconds,
  WEBHOOK_BREAKER_COOLDOWN_SECONDS: wholeSeconds,
  WEBHOOK_MAX_IN_FLIGHT_PER_KEY: perKeyBound,
  WEBHOOK_MAX_IN_FLIGHT_PER_HOST: inFlightBound,
  WEBHOOK_DNS_SERVERS: dnsServers,
} as const;

export interface WebhookEnv {
  WEBHOOK_SECRET_KEY?: Buffer;
  WEBHOOK_ALLOW_PRIVATE_TARGETS?: boolean;
  WEBHOOK_HTTPS_ONLY?: boolean;
  WEBHOOK_BREAKER_FAILURES?: number;
  WEBHOOK_BREAKER_MIN_SPAN_SECONDS?: number;
  WEBHOOK_BREAKER_COOLDOWN_SECONDS?: number;
  WEBHOOK_MAX_IN_FLIGHT_PER_KEY?: number;
  WEBHOOK_MAX_IN_FLIGHT_PER_HOST?: number;
  WEBHOOK_DNS_SERVERS?: string[];
}

/**
 * Settings from the parsed variables. Private targets are refused in every mode, standalone included, unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true (docs/architecture.md §8).
 */
export function webhookSettings(vars: WebhookEnv): WebhookSettings {
  return {
    secretKey: vars.WEBHOOK_SECRET_KEY,
    allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
    httpsOnly: vars.WEBHOOK_HTTPS_ONLY ?? false,
    maxInFlightPerKey: vars.WEBHOOK_MAX_IN_FLIGHT_PER_KEY ?? DEFAULT_MAX_IN_FLIGHT_PER_KEY,
    maxInFlightPerHost: vars.WEBHOOK_MAX_IN_FLIGHT_PER_HOST ?? DEFAULT_MAX_IN_FLIGHT_PER_HOST,
    dnsServers: vars.WEBHOOK_DNS_SERVERS ?? [],
    breaker: {
      failureThreshold: vars.WEBHOOK_BREAKER_FAILURES ?? DEFAULT_WEBHOOK_BREAKER.failureThreshold,
      minFailureSpanMs: vars.WEBHOOK_BREAKER_MIN_SPAN_SECONDS ?? DEFAULT_WEBHOOK_BREAKER.minFailureSpanMs,
      cooldownMs: vars.WEBHOOK_BREAKER_COOLDOWN_SECONDS ?? DEFAULT_WEBHOOK_BREAKER.cooldownMs,
    },
  };
}

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
