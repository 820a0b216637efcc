import { z } from 'zod';
import type { ConfigIssue } from './config-error';
import { urlWithScheme } from './url-with-scheme';

/** The Tron chain this process reads (docs/architecture.md §15); absent without TRON_RPC_URL. */
export interface TronSettings {
  /** Registry id: 'tron' (stream `chain-tron`). */
  readonly id: 'tron';
  /** java-tron HTTP API root (`/wallet/*`, `/walletsolidity/*` below it), e.g. https://api.trongrid.io. */
  readonly rpcUrl: string;
  /** Sent as TRON-PRO-API-KEY (TronGrid). */
  readonly apiKey?: string;
  readonly startBlock?: bigint;
  /**
   * Reorgs up to this deep are reverted while the head is followed; absent: the indexer's default, 20.
   * 'solidified': only solidified blocks are indexed.
   */
  readonly finalityDepth?: number | 'solidified';
}

const FINALITY_DEPTH_RULE = 'must be an integer from 20 to 1000, or solidified';

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

const tronEnvSchema = z.object({
  TRON_RPC_URL: urlWithScheme(
    ['http', 'https'],
    'must be an http or https URL (the java-tron HTTP API root)',
  ),
  TRON_API_KEY: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,200}$/, { error: 'must be 1 to 200 printable characters without spaces' })
    .optional(),
  TRON_START_BLOCK: z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, { error: 'must be a non-negative integer' })
    .transform((s) => BigInt(s))
    .refine((n) => n <= 2n ** 53n, { error: 'must be at most 2^53' })
    .optional(),
  // At least 20: a reorg on Tron replaces up to the 19 or so blocks above the solidified one.
  TRON_FINALITY_DEPTH: z
    .string()
    .trim()
    .regex(/^(?:solidified|\d{1,4})$/, { error: FINALITY_DEPTH_RULE })
    .transform((s): number | 'solidified' => (s === 'solidified' ? s : Number(s)))
    .refine((v) => v === 'solidified' || (v >= 20 && v <= 1000), { error: FINALITY_DEPTH_RULE })
    .optional(),
});

const TRON_VARIABLES = ['TRON_RPC_URL', 'TRON_API_KEY', 'TRON_START_BLOCK', 'TRON_FINALITY_DEPTH'] as const;

/**
 * TRON_RPC_URL [none: Tron not indexed], TRON_API_KEY, TRON_START_BLOCK [the followed head],
 * TRON_FINALITY_DEPTH [20: the head is followed; or solidified]. The other variables without
 * TRON_RPC_URL are an error.
 */
export function tronSettings(env: NodeJS.ProcessEnv): { settings?: TronSettings; issues: ConfigIssue[] } {
  const given = Object.fromEntries(
    TRON_VARIABLES.filter((name) => !blank(env[name])).map((name) => [name, env[name]]),
  );
  if (given.TRON_RPC_URL === undefined) {
    const stray = Object.keys(given);
    return {
      issues: stray.map((variable) => ({ variable, message: 'needs TRON_RPC_URL' })),
    };
  }
  const parsed = tronEnvSchema.safeParse(given);
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })),
    };
  }
  const v = parsed.data;
  return {
    settings: {
      id: 'tron',
      rpcUrl: v.TRON_RPC_URL,
      apiKey: v.TRON_API_KEY,
      startBlock: v.TRON_START_BLOCK,
      finalityDepth: v.TRON_FINALITY_DEPTH,
    },
    issues: [],
  };
}
