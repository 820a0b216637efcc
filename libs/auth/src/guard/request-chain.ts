import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@chainwire/core';

/** The places a request may name the chain it acts on. */
const SOURCES = ['params', 'query', 'body'] as const;

/** The one chain a request acts on, attached after the plan check (check-plan-before-handler.ts). */
export interface ChainScopedRequest {
  chain?: string;
}

/** The normalisation every chain id goes through, once, in the plan check. */
export function normaliseChainId(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The chain a request names in its path, query and body, normalised; undefined when it names none.
 * Every place must agree (a repeated query parameter counts as two places): a handler reading another
 * place than the guard checked is how a key used to reach chains outside its plan.
 */
export function resolveRequestChain(request: FastifyRequest): string | undefined {
  // Runs on every request: no allocation unless the request names a chain in more than one way.
  let chain: string | undefined;
  let others: Set<string> | undefined;
  for (const source of SOURCES) {
    const holder: unknown = request[source];
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) continue;
    const value = (holder as { chain?: unknown }).chain;
    if (value === undefined || value === null) continue;
    for (const raw of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof raw !== 'string') throw ApiError.validation('chain must be a string (a registry chain id)');
      const named = normaliseChainId(raw);
      if (named === '' || named === chain) continue;
      if (chain === undefined) chain = named;
      else (others ??= new Set()).add(named);
    }
  }
  if (others) {
    throw ApiError.badRequest(
      ErrorCode.CHAIN_MISMATCH,
      `The request names more than one chain: ${[chain!, ...others].sort().join(', ')}`,
    );
  }
  return chain;
}

/**
 * Writes the checked chain back into every place the request named one, so that whichever place a
 * handler (or a route added later) reads, it reads the value the plan check saw.
 */
export function pinRequestChain(request: FastifyRequest & ChainScopedRequest, chain: string): void {
  request.chain = chain;
  for (const source of SOURCES) {
    const holder = request[source] as Record<string, unknown> | null | undefined;
    if (holder && typeof holder === 'object' && !Array.isArray(holder) && 'chain' in holder) {
      holder.chain = chain;
    }
  }
}
