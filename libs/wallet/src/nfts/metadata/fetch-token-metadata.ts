import { guardedFetch, type ResolveHost } from '@chainwire/core';
import { MalformedMetadataError, parseTokenMetadata, type TokenMetadata } from './token-metadata-document';

export interface MetadataFetchSettings {
  readonly allowPrivateTargets: boolean;
  readonly ipfsGatewayUrl: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** How metadata hosts are resolved (c-ares, failures remembered per host). */
  readonly resolve?: ResolveHost;
}

export type MetadataOutcome =
  { readonly ok: true; readonly metadata: TokenMetadata } | { readonly ok: false; readonly message: string };

/** `ipfs://<cid>/<path>` (also `ipfs://ipfs/<cid>`) through the gateway; any other URI unchanged. */
export function gatewayUri(uri: string, gateway: string): string {
  if (!/^ipfs:\/\//i.test(uri)) return uri;
  return gateway + uri.slice('ipfs://'.length).replace(/^ipfs\//i, '');
}

/** Whether reading the document at `uri` is an outbound fetch (http, https, ipfs through the gateway); data: is not. */
export function isOutboundUri(uri: string, gateway: string): boolean {
  return /^https?:/i.test(gatewayUri(uri.trim(), gateway));
}

/**
 * The metadata document at a token's URI: `http:`/`https:` (and `ipfs://` through the gateway) under the
 * egress guard with the byte cap and deadline, `data:` decoded locally (by the platform's fetch, which
 * implements RFC 2397 and never touches the network for it). Never throws: a failure is a message.
 */
export async function fetchTokenMetadata(
  uri: string,
  settings: MetadataFetchSettings,
): Promise<MetadataOutcome> {
  const resolve = (u: string) => gatewayUri(u, settings.ipfsGatewayUrl);
  try {
    const body = await readDocument(resolve(uri.trim()), settings);
    return { ok: true, metadata: parseTokenMetadata(body, resolve) };
  } catch (error) {
    return { ok: false, message: `Metadata unavailable: ${(error as Error).message}` };
  }
}

async function readDocument(uri: string, settings: MetadataFetchSettings): Promise<Buffer> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
  if (scheme === 'data') {
    const response = await fetch(uri).catch(() => {
      throw new MalformedMetadataError('malformed data: URI');
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > settings.maxBytes) {
      throw new MalformedMetadataError(`body larger than ${settings.maxBytes} bytes`);
    }
    return body;
  }
  if (scheme === 'http' || scheme === 'https') {
    const response = await guardedFetch(uri, {
      allowPrivateTargets: settings.allowPrivateTargets,
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      resolve: settings.resolve,
    });
    return response.body;
  }
  throw new MalformedMetadataError(
    scheme ? `unsupported URI scheme ${scheme}:` : `not a URI: ${JSON.stringify(uri.slice(0, 100))}`,
  );
}
