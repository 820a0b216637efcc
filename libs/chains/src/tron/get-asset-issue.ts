import type { TronHttpClient } from './tron-http-client';
import { decodeTronText } from './tron-text';

/** A TRC-10 token as the chain describes it (`/wallet/getassetissuebyid`). */
export interface Trc10Token {
  /** The token id, digits (e.g. '1002000'): how TRC-10 transfers name the token. */
  readonly id: string;
  readonly name: string;
  /** The token's abbreviation. */
  readonly symbol: string;
  /** `precision`: digits after the point; java-tron leaves it out where it is 0. */
  readonly decimals: number;
}

interface AssetIssueWire {
  id?: string;
  name?: string;
  abbr?: string;
  precision?: number;
}

/** A TRC-10 id: digits, the first token of the chain being 1000001. */
export const TRC10_ID = /^[1-9][0-9]{6,18}$/;

/**
 * The TRC-10 token `id`, or null when the chain has none (java-tron answers `{}`). Names come hex-encoded
 * (the request does not ask for `visible`) and are decoded as UTF-8.
 */
export async function getAssetIssueById(client: TronHttpClient, id: string): Promise<Trc10Token | null> {
  const answer = await client.post<AssetIssueWire>('/wallet/getassetissuebyid', { value: id });
  if (answer.id === undefined) return null;
  return {
    id: answer.id,
    name: decodeTronText(answer.name) ?? '',
    symbol: decodeTronText(answer.abbr) || (decodeTronText(answer.name) ?? ''),
    decimals: answer.precision ?? 0,
  };
}
