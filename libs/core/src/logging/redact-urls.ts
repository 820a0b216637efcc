/**
 * Hosted providers put the API key in the URL (`https://mainnet.infura.io/v3/<key>`, `…/v2/<key>`, a
 * `?apikey=` query, `user:pass@`), and webhook URLs carry a receiver's token the same way. Wherever such
 * a URL reaches a log line or an operator's screen it is reduced to scheme and host (docs/architecture.md
 * §9); a public answer never carries it at all (errors/failure-reason.ts).
 */

/** A URL in running text: scheme, `://`, then anything up to white space or a quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>]+/gi;
/** Sentence punctuation a URL in prose is followed by: kept after the reduced URL. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
/**
 * viem's `Request body: {...}` line (HttpRequestError, TimeoutError, WebSocketRequestError): the JSON-RPC
 * call, whose params are another tenant's addresses and transactions. Up to the end of its line.
 */
const REQUEST_BODY = /^[ \t]*Request body:.*(?:\r?\n|$)/gim;
/** The same label where a message was folded onto one line: everything after it goes. */
const REQUEST_BODY_INLINE = /Request body:.*$/gim;

/**
 * The URL as scheme and host (with its port): `https://mainnet.infura.io/v3/abc?x=1` →
 * `https://mainnet.infura.io`. Path, query, fragment and user info are dropped whatever they hold. Text
 * that does not parse as a URL is not echoed.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '[unparseable URL]';
  }
  return parsed.host ? `${parsed.protocol}//${parsed.host}` : `${parsed.protocol}//`;
}

/**
 * `text` with every URL in it reduced by redactUrl and viem's `Request body:` part removed: for error
 * messages on their way to a log line or an operator-facing record.
 */
export function redactUrlsIn(text: string): string {
  return text
    .replace(REQUEST_BODY, '')
    .replace(REQUEST_BODY_INLINE, '')
    .replace(URL_IN_TEXT, (match) => {
      const punctuation = TRAILING_PUNCTUATION.exec(match)?.[0] ?? '';
      const url = punctuation ? match.slice(0, -punctuation.length) : match;
      return `${redactUrl(url)}${punctuation}`;
    });
}
