import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '@chainwire/core';
import { loadOrCreateSecretKey, SecretBox } from '../secrets/secret-box';

/**
 * Circuit breaker (docs/architecture.md §8): a subscription is paused when its endpoint has failed `failureThreshold`
 * attempts in a row (across its deliveries, no success in between) over at least `minFailureSpanMs`, so
 * that one burst during a brief blip does not trip it. It resumes by itself after `cooldownMs`.
 * Parsed and defaulted by the boot configuration (libs/core/src/config, WEBHOOK_BREAKER_*).
 */
export type BreakerConfig = WebhookSettings['breaker'];

export const DEFAULT_BREAKER: BreakerConfig = DEFAULT_WEBHOOK_SETTINGS.breaker;

export interface WebhooksConfig {
  /** Seals signing secrets at rest; resolved on first use, so an API that never touches secrets needs no key. */
  readonly secretBox: () => SecretBox;
  /** Deliver to loopback / private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS; off in every mode by default). */
  readonly allowPrivateTargets: boolean;
  /** Accept and deliver to https:// webhook URLs only. */
  readonly httpsOnly: boolean;
  /** `User-Agent` of every delivery. */
  readonly userAgent: string;
  readonly breaker: BreakerConfig;
  /** Egress bounds and DNS servers (WEBHOOK_MAX_IN_FLIGHT_PER_*, WEBHOOK_DNS_SERVERS). */
  readonly egress: EgressConfig;
}

export type EgressConfig = Pick<WebhookSettings, 'maxInFlightPerKey' | 'maxInFlightPerHost' | 'dnsServers'>;

/** The schema's defaults (libs/core/src/config/webhook-env.ts), for configs built in code. */
export const DEFAULT_EGRESS: EgressConfig = {
  maxInFlightPerKey: DEFAULT_WEBHOOK_SETTINGS.maxInFlightPerKey,
  maxInFlightPerHost: DEFAULT_WEBHOOK_SETTINGS.maxInFlightPerHost,
  dnsServers: DEFAULT_WEBHOOK_SETTINGS.dnsServers,
};

export const DEFAULT_USER_AGENT = 'chainwire/1.0';

/**
 * The runtime webhook configuration from the validated boot settings (AppConfig.webhooks). Without a
 * configured key, standalone mode generates one once into `<dataDir>/webhook-secret.key`; with a shared
 * database the boot refuses to start without one (missingWebhookKeyMessage), so reaching the error here
 * means a caller skipped that check.
 */
export function webhooksConfig(
  settings: WebhookSettings,
  options: { dataDir: string; standalone: boolean },
): WebhooksConfig {
  let box: SecretBox | undefined;
  return {
    secretBox: () => {
      if (box) return box;
      if (settings.secretKey) box = new SecretBox(settings.secretKey);
      else if (options.standalone) box = loadOrCreateSecretKey(options.dataDir);
      else throw new Error('WEBHOOK_SECRET_KEY is required when DATABASE_URL is set');
      return box;
    },
    allowPrivateTargets: settings.allowPrivateTargets,
    httpsOnly: settings.httpsOnly,
    userAgent: DEFAULT_USER_AGENT,
    breaker: settings.breaker,
    egress: {
      maxInFlightPerKey: settings.maxInFlightPerKey,
      maxInFlightPerHost: settings.maxInFlightPerHost,
      dnsServers: settings.dnsServers,
    },
  };
}

/**
 * What WebhooksModule.forRoot() uses when given no config (apps built for tests that never touch the
 * notification routes): shared-database defaults, no key, so any use of a signing secret fails.
 */
export function unconfiguredWebhooksConfig(): WebhooksConfig {
  return webhooksConfig(DEFAULT_WEBHOOK_SETTINGS, { dataDir: '', standalone: false });
}
