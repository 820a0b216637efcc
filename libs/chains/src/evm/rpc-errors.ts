import {
  BaseError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ResponseBodyTooLargeError,
} from 'viem';
import { RetryableError } from '@chainwire/core';

/**
 * Which failures are retryable is core's one classifier (isRetryableError, which knows viem's errors and
 * JSON-RPC codes); these are the node-specific questions beside it.
 */

/** Marks an error thrown by this code base as transient (e.g. the chain moved while a batch was read). */
export class RetryableChainError extends RetryableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableChainError';
  }

  /** Its message is written by this code base (hashes and numbers): public as it is (failureReason). */
  get publicReason(): string {
    return this.message;
  }
}

/** The node offers no such method (so a fallback applies). */
export function isMethodUnavailableError(error: unknown): boolean {
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof MethodNotFoundRpcError || e instanceof MethodNotSupportedRpcError))
      return true;
  }
  return /method not found|not supported|does not exist|not available|unsupported method|not implemented/i.test(
    fullMessage(error),
  );
}

/**
 * Full nodes keep state for their newest blocks only (geth: 128) and answer a read at an older one with
 * `missing trie node` (Erigon, Reth, Nethermind and Besu say it their own ways); a block hash the node
 * does not know, or no longer holds canonical, is the same for a read pinned to it: read at the head.
 */
const STATE_UNAVAILABLE =
  /missing trie node|historical state|state (is )?(not available|unavailable|pruned)|state at block .* (is )?pruned|no state (available|found)|world state .*not available|state histor(y|ies)|header not found|unknown block|block not found|not currently canonical|non-canonical/i;

/** The node cannot serve state at the block asked for (pruned, unknown or no longer canonical). */
export function isStateUnavailableError(error: unknown): boolean {
  return STATE_UNAVAILABLE.test(fullMessage(error));
}

const RANGE_TOO_LARGE =
  /too many|more than \d+ (results|logs)|response size|size exceed|exceeds? (the )?(max|limit)|block range|range (is )?too (large|wide|big)|limit exceeded|query timeout|too large|max results|10000 results/i;

/** eth_getLogs asked for too much (results, response size or block span): retry with a smaller range. */
export function isRangeTooLargeError(error: unknown): boolean {
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof ResponseBodyTooLargeError)) return true;
    const rpc = error.walk((e) => hasNumericCode(e)) as { code?: number } | null;
    if (rpc?.code === -32005) return true;
  }
  return RANGE_TOO_LARGE.test(fullMessage(error));
}

/**
 * Some providers name a range that would work, e.g. "this block range should work: [0x10, 0x2f]":
 * its span, or undefined.
 */
export function suggestedRangeSpan(error: unknown): bigint | undefined {
  const match = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(fullMessage(error));
  if (!match) return undefined;
  const span = BigInt(match[2]) - BigInt(match[1]) + 1n;
  return span > 0n ? span : undefined;
}

function hasNumericCode(error: unknown): boolean {
  return typeof (error as { code?: unknown }).code === 'number';
}

function fullMessage(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof BaseError) parts.push(current.shortMessage, current.details ?? '');
    if (current instanceof Error) parts.push(current.message);
    else parts.push(String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}
