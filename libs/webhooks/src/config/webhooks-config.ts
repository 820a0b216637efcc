import { resolve } from 'node:path';
import { z } from 'zod';
import { loadOrCreateSecretKey, SecretBox } from '../secrets/secret-box';

/**
 * Circuit breaker (DESIGN §8): a subscription is paused when its endpoint has failed `failureThreshold`
 * attempts in a row (across its deliveries, no success in between) over at least `minFailureSpanMs`, so
 * that one burst during a brief blip does not trip it. It resumes by itself after `cooldownMs`.
 */
export interface BreakerConfig {
  readonly failureThreshold: number;
  readonly minFailureSpanMs: number;
  readonly cooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerConfig = Object.freeze({
  failureThreshold: 10,
  minFailureSpanMs: 60_000,
  cooldownMs: 600_000,
});

export interface WebhooksConfig {
  /** Seals signing secrets at rest; resolved on first use, so an API that never touches secrets needs no key. */
  readonly secretBox: () => SecretBox;
  /** Development: deliver to loopback / private targets (on in standalone mode). */
  readonly allowPrivateTargets: boolean;
  /** Accept and deliver to https:// webhook URLs only. */
  readonly httpsOnly: boolean;
  /** `User-Agent` of every delivery. */
  readonly userAgent: string;
  readonly breaker: BreakerConfig;
}

export const DEFAULT_USER_AGENT = 'chainwire/1.0';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const seconds = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: 'must be a whole number of seconds' })
  .transform((s) => Number(s) * 1000);
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The webhook variables (the app config owner folds these into AppConfig). */
export const webhooksEnvSchema = z.object({
  WEBHOOK_SECRET_KEY: blankIsUnset(z.string()),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: blankIsUnset(flag),
  WEBHOOK_HTTPS_ONLY: blankIsUnset(flag),
  WEBHOOK_BREAKER_FAILURES: blankIsUnset(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d*$/, { error: 'must be a positive integer' })
      .transform(Number),
  ),
  WEBHOOK_BREAKER_MIN_SPAN_SECONDS: blankIsUnset(seconds),
  WEBHOOK_BREAKER_COOLDOWN_SECONDS: blankIsUnset(seconds),
});

/**
 * Webhook configuration from the environment. Standalone mode (no DATABASE_URL) allows private targets
 * unless told otherwise and, without WEBHOOK_SECRET_KEY, generates the key once into `<dataDir>/webhook-secret.key`;
 * elsewhere a missing key fails on first use.
 */
export function webhooksConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: { dataDir: string; standalone: boolean },
): WebhooksConfig {
  const vars = webhooksEnvSchema.parse(env);
  let box: SecretBox | undefined;
  return {
    secretBox: () => {
      if (box) return box;
      if (vars.WEBHOOK_SECRET_KEY) box = SecretBox.fromEncoded(vars.WEBHOOK_SECRET_KEY);
      else if (options.standalone) box = loadOrCreateSecretKey(options.dataDir);
      else throw new Error('WEBHOOK_SECRET_KEY is required when DATABASE_URL is set');
      return box;
    },
    allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? options.standalone,
    httpsOnly: vars.WEBHOOK_HTTPS_ONLY ?? false,
    userAgent: DEFAULT_USER_AGENT,
    breaker: {
      failureThreshold: vars.WEBHOOK_BREAKER_FAILURES ?? DEFAULT_BREAKER.failureThreshold,
      minFailureSpanMs: vars.WEBHOOK_BREAKER_MIN_SPAN_SECONDS ?? DEFAULT_BREAKER.minFailureSpanMs,
      cooldownMs: vars.WEBHOOK_BREAKER_COOLDOWN_SECONDS ?? DEFAULT_BREAKER.cooldownMs,
    },
  };
}

/** What WebhooksModule.forRoot() uses when given no config: the process environment. */
export function webhooksConfigFromProcess(): WebhooksConfig {
  const env = process.env;
  return webhooksConfigFromEnv(env, {
    dataDir: resolve(env.DATA_DIR?.trim() || '.data'),
    standalone: !env.DATABASE_URL?.trim(),
  });
}
