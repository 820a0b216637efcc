import { isIP } from 'node:net';
import { z } from 'zod';
import { ErrorCode, hasControlCharacter, isLosslessNumber } from '@chainwire/core';
import { forbiddenAddressReason } from '@chainwire/core';
import { WebhookErrorCode } from '../webhook-errors';
import { EVENT_KINDS, type EventKind } from './subscription.events';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** Why the URL cannot be a webhook target, or null. Host names are checked again after resolution, at send time. */
export function webhookUrlProblem(
  value: string,
  rules: { httpsOnly: boolean; allowPrivateTargets: boolean },
): string | null {
  const parsed = parseWebhookUrl(value, rules);
  return 'problem' in parsed ? parsed.problem : null;
}

/**
 * The URL as `new URL()` writes it (the form that is stored and requested), or why it cannot be a
 * webhook target. Control characters are refused rather than percent-encoded: the parser would
 * accept a NUL and the stored text would no longer be what the subscriber typed.
 */
export function parseWebhookUrl(
  value: string,
  rules: { httpsOnly: boolean; allowPrivateTargets: boolean },
): { href: string } | { problem: string } {
  if (hasControlCharacter(value)) return { problem: 'must not contain control characters' };
  if (value.length > MAX_WEBHOOK_URL_LENGTH) {
    return { problem: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an absolute URL' };
  }
  const problem = targetProblem(url, rules);
  if (problem) return { problem };
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return { problem: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters once normalised` };
  }
  return { href: url.href };
}

function targetProblem(url: URL, rules: { httpsOnly: boolean; allowPrivateTargets: boolean }): string | null {
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || rules.httpsOnly)) {
    return rules.httpsOnly ? 'must use https' : 'must use http or https';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!rules.allowPrivateTargets && isIP(host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) return `must not point at a ${reason} address`;
  }
  return null;
}

type Check<T> = (value: unknown) => { value: T } | { problem: string };

interface FieldRule<T> {
  code: string;
  check: Check<T>;
}

/**
 * An object schema whose every field failure, a missing or wrongly typed field included, carries that
 * field's error code (zod's own type issues carry none). Fields are checked in the order given.
 */
function objectWithCodes<T extends object>(rules: { [K in keyof T]: FieldRule<T[K]> }) {
  return z.unknown().transform((input, ctx): T => {
    const source = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(rules) as [string, FieldRule<unknown>][]) {
      const result = rule.check(source[name]);
      if ('value' in result) out[name] = result.value;
      else
        ctx.addIssue({ code: 'custom', path: [name], message: result.problem, params: { code: rule.code } });
    }
    return out as T;
  });
}

const nonEmptyString =
  (name: string): Check<string> =>
  (v) =>
    typeof v === 'string' && v.trim() !== ''
      ? { value: v.trim() }
      : { problem: `${name} must be a non-empty string` };

export interface CreateSubscriptionBody {
  chain: string;
  address: string;
  webhookUrl: string;
  eventKinds: EventKind[];
}

export function createSubscriptionSchema(rules: { httpsOnly: boolean; allowPrivateTargets: boolean }) {
  return objectWithCodes<CreateSubscriptionBody>({
    chain: { code: ErrorCode.UNKNOWN_CHAIN, check: nonEmptyString('chain') },
    address: { code: ErrorCode.INVALID_ADDRESS, check: nonEmptyString('address') },
    webhookUrl: {
      code: WebhookErrorCode.INVALID_WEBHOOK_URL,
      check: (v) => {
        if (typeof v !== 'string') return { problem: 'must be a string' };
        const parsed = parseWebhookUrl(v.trim(), rules);
        return 'problem' in parsed ? parsed : { value: parsed.href };
      },
    },
    eventKinds: {
      code: WebhookErrorCode.INVALID_EVENT_KINDS,
      check: (v) => {
        if (!Array.isArray(v) || v.length === 0) {
          return { problem: `must be a non-empty array of ${EVENT_KINDS.join(', ')}` };
        }
        const unknown = v.filter((k) => !(EVENT_KINDS as readonly unknown[]).includes(k));
        if (unknown.length)
          return { problem: `unknown kinds ${describeKinds(unknown)}; expected ${EVENT_KINDS.join(', ')}` };
        if (new Set(v).size !== v.length) return { problem: 'must not repeat a kind' };
        return { value: EVENT_KINDS.filter((k) => v.includes(k)) };
      },
    },
  });
}

/**
 * The refused kinds for the message. Not JSON.stringify: the body parser gives integers as bigint,
 * which it throws on (a 500 for `eventKinds: [1]`); and the echo stays short whatever was sent.
 */
function describeKinds(kinds: unknown[]): string {
  const shown = kinds.slice(0, 5).map((k) => {
    if (typeof k === 'string') return JSON.stringify(k.slice(0, 50));
    if (k === null || typeof k === 'boolean') return String(k);
    if (Array.isArray(k)) return 'an array';
    return typeof k === 'object' && !isLosslessNumber(k) ? 'an object' : 'a number';
  });
  return `[${shown.join(', ')}${kinds.length > 5 ? ', …' : ''}]`;
}

/** `limit` of the list endpoints: default 20, 1 to 100; anything else is 400 INVALID_LIMIT. */
export const listQuerySchema = objectWithCodes<{ limit: number }>({
  limit: {
    code: WebhookErrorCode.INVALID_LIMIT,
    check: (v) => {
      if (v === undefined) return { value: DEFAULT_LIST_LIMIT };
      const n = typeof v === 'string' && /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : NaN;
      return n >= 1 && n <= MAX_LIST_LIMIT
        ? { value: n }
        : { problem: `must be an integer from 1 to ${MAX_LIST_LIMIT}` };
    },
  },
});
