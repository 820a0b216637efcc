import { z } from 'zod';
import type { ConfigIssue } from './config-error';
import { isBlank, optionalVar, withDefault } from './env-var';
import { printableToken, urlWithScheme } from './validators';

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
   * Reorgs up to this deep are reverted while the head is followed. 'solidified': only solidified blocks
   * are indexed.
   */
  readonly finalityDepth: number | 'solidified';
}

const FINALITY_DEPTH_RULE = 'must be an integer from 20 to 1000, or solidified';

/** The TRON_* variables; any of them without TRON_RPC_URL is an error (tronSettings). */
export const tronEnv = z.object({
  TRON_RPC_URL: optionalVar(
    urlWithScheme(['http', 'https'], 'must be an http or https URL (the java-tron HTTP API root)'),
    '— (Tron off)',
    "java-tron HTTP API root (http/https; a full node's `:8090`, or `https://api.trongrid.io`), indexed and read as chain `tron`.",
  ),
  TRON_API_KEY: optionalVar(
    printableToken(1, 200, 'must be 1 to 200 printable characters without spaces'),
    '—',
    "Sent as `TRON-PRO-API-KEY` on every request (TronGrid's key header).",
  ),
  TRON_START_BLOCK: optionalVar(
    z
      .string()
      .trim()
      .regex(/^\d{1,16}$/, { error: 'must be a non-negative integer' })
      .transform((s) => BigInt(s))
      .refine((n) => n <= 2n ** 53n, { error: 'must be at most 2^53' }),
    'the head the indexer follows',
    'First block to index on an empty stream (0 … 2^53).',
  ),
  // At least 20: a reorg on Tron replaces up to the 19 or so blocks above the solidified one.
  TRON_FINALITY_DEPTH: withDefault(
    z
      .string()
      .trim()
      .regex(/^(?:solidified|\d{1,4})$/, { error: FINALITY_DEPTH_RULE })
      .transform((s): number | 'solidified' => (s === 'solidified' ? s : Number(s)))
      .refine((v) => v === 'solidified' || (v >= 20 && v <= 1000), { error: FINALITY_DEPTH_RULE }),
    '20',
    'Reorgs up to this deep (20 … 1000) are reverted; `solidified`: only solidified blocks are indexed.',
  ),
});

/** TRON_FINALITY_DEPTH unless set: for callers built in code. */
export const DEFAULT_TRON_FINALITY_DEPTH: number | 'solidified' =
  tronEnv.shape.TRON_FINALITY_DEPTH.parse(undefined);

/** The settings, or the issues: a bad value, or a TRON_* variable given without TRON_RPC_URL. */
export function tronSettings(env: NodeJS.ProcessEnv): { settings?: TronSettings; issues: ConfigIssue[] } {
  const names = Object.keys(tronEnv.shape) as (keyof typeof tronEnv.shape)[];
  if (isBlank(env.TRON_RPC_URL)) {
    const stray = names.filter((name) => !isBlank(env[name]));
    return { issues: stray.map((variable) => ({ variable, message: 'needs TRON_RPC_URL' })) };
  }
  const parsed = tronEnv.safeParse(Object.fromEntries(names.map((name) => [name, env[name]])));
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })),
    };
  }
  const v = parsed.data;
  return {
    settings: {
      id: 'tron',
      rpcUrl: v.TRON_RPC_URL!,
      apiKey: v.TRON_API_KEY,
      startBlock: v.TRON_START_BLOCK,
      finalityDepth: v.TRON_FINALITY_DEPTH,
    },
    issues: [],
  };
}
