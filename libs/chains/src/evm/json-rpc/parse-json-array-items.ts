const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/**
 * `JSON.parse` of JSON text held in bytes; a top-level array is parsed one item at a time.
 *
 * Why by hand: a node's answer to a batch of bulk reads is 0.5–2 MB. Decoded as one string it is a V8
 * large object (over 128 KB), which takes fresh memory pages on every answer, and decoded chunk by chunk
 * (as viem's HTTP client does) it is copied once more to flatten it before `JSON.parse`. Each item of a
 * batch is far smaller, an ordinary young-generation string: fewer page faults and less CPU in
 * bench:indexer's spread workload (docs/benchmarks.md, 2026-11-28, seventh session). No maintained library parses
 * a JSON array item by item at native speed: streaming parsers run the whole grammar in JavaScript.
 *
 * Only the top level is scanned here: strings (skipped to their closing quote), nesting, and the commas
 * between items; `JSON.parse` then checks each item in full. UTF-8 continuation bytes are never ASCII,
 * so they cannot be taken for a quote or a bracket. Invariant: the result equals `JSON.parse` of the
 * whole text, and text that `JSON.parse` refuses throws its `SyntaxError`; anything the scan does not
 * expect is handed to `JSON.parse` whole.
 */
export function parseJsonArrayItems(bytes: Buffer): unknown {
  const end = bytes.length;
  let i = skipWhitespace(bytes, 0);
  if (bytes[i] !== OPEN_BRACKET) return parseWhole(bytes);
  const items: unknown[] = [];
  i = skipWhitespace(bytes, i + 1);
  if (bytes[i] === CLOSE_BRACKET) return onlyWhitespaceAfter(bytes, i) ? items : parseWhole(bytes);
  let start = i;
  let depth = 0;
  for (; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      i = closingQuote(bytes, i);
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (byte !== CLOSE_BRACKET || !onlyWhitespaceAfter(bytes, i)) return parseWhole(bytes);
      const last = parseItem(bytes, start, i);
      if (last === INVALID) return parseWhole(bytes);
      items.push(last);
      return items;
    } else if (byte === COMMA && depth === 0) {
      const item = parseItem(bytes, start, i);
      if (item === INVALID) return parseWhole(bytes);
      items.push(item);
      start = i + 1;
    }
  }
  // Unterminated: JSON.parse says what is wrong.
  return parseWhole(bytes);
}

const INVALID = Symbol('invalid item');

function parseItem(bytes: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', start, end));
  } catch {
    return INVALID;
  }
}

function parseWhole(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8'));
}

/** The index of the quote closing the string opened at `open`: the next one after an even run of backslashes. */
function closingQuote(bytes: Buffer, open: number): number {
  for (let quote = bytes.indexOf(QUOTE, open + 1); quote !== -1; quote = bytes.indexOf(QUOTE, quote + 1)) {
    let before = quote - 1;
    while (bytes[before] === BACKSLASH) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
  }
  return bytes.length;
}

function skipWhitespace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isWhitespace(bytes[i]!)) i++;
  return i;
}

function onlyWhitespaceAfter(bytes: Buffer, index: number): boolean {
  return skipWhitespace(bytes, index + 1) === bytes.length;
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
