import { controlCharacterError, hasControlCharacter } from '../api/control-characters';
import { parseExactNumber } from './lossless-json';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** An object or array of the parsed tree as the pass over the text meets it. */
interface Container {
  readonly node: Record<string, unknown> | unknown[];
  readonly isObject: boolean;
  /** Where the container starts in the text. */
  readonly start: number;
  /** Objects: the keys met so far, duplicates counted. */
  keys: number;
  /** Where the next value goes: the current key (objects) or index (arrays). */
  slot: string | number;
  /** Objects: the next string is a key. */
  expectKey: boolean;
}

/**
 * Parses JSON text (RFC 8259) as JSON.parse does, except that every number comes out exact: integer
 * literals as bigint, the others as LosslessNumber (parseExactNumber). Duplicate and `__proto__` keys are
 * refused: the first is ambiguous, the second a prototype-pollution vector for any later Object.assign of
 * the body. With `refuseControlCharacters`, a key or string value holding a control character (escaped as
 * `\u0000` in the text) throws INVALID_CHARACTERS. Invalid text throws a SyntaxError.
 *
 * Written by hand over JSON.parse (docs/decisions/0007): lossless-json's parser, the maintained exact
 * one, builds every string a character at a time, holding the event loop that serves every tenant for
 * many times JSON.parse's time on a large body (a signed transaction's hex; bench:json-body). Here
 * JSON.parse checks the grammar and builds the tree; then one pass over the text, now known to be valid,
 * walks the same structure, jumping over strings with indexOf, to check the keys and strings and to put
 * each number literal's exact value in place of its double. Both steps are iterative, so no nesting depth
 * overflows the stack.
 */
export function parseJsonExact(text: string, options: { refuseControlCharacters?: boolean } = {}): unknown {
  const refuse = options.refuseControlCharacters ?? false;
  const holder: unknown[] = [JSON.parse(text)];
  // Without a backslash in the text no key needs decoding, and no string can hold a control character but
  // DEL (JSON.parse refuses the others unescaped): most bodies skip the checks of each string.
  const escaped = text.includes('\\');
  const checkStrings = refuse && (escaped || text.includes('\u007f'));
  const stack: Container[] = [
    { node: holder, isObject: false, start: 0, keys: 0, slot: 0, expectKey: false },
  ];
  let at = 0;
  while (at < text.length) {
    const container = stack[stack.length - 1]!;
    const code = text.charCodeAt(at);
    switch (code) {
      case 0x20: // space
      case 0x09: // tab
      case 0x0a: // line feed
      case 0x0d: // carriage return
        at++;
        break;
      case 0x3a: // ':' (the slot is the key just read)
        container.expectKey = false;
        at++;
        break;
      case 0x7b: // '{'
      case 0x5b: {
        // '['
        const isObject = code === 0x7b;
        stack.push({
          node: valueAt(container) as Container['node'],
          isObject,
          start: at,
          keys: 0,
          slot: 0,
          expectKey: isObject,
        });
        at++;
        break;
      }
      case 0x7d: // '}'
        // JSON.parse keeps the last of duplicate keys, so the object has fewer keys than the text.
        if (container.keys > 1 && container.keys !== Object.keys(container.node).length)
          throw duplicateKeyError(text, container.start);
        stack.pop();
        at++;
        break;
      case 0x5d: // ']'
        stack.pop();
        at++;
        break;
      case 0x2c: // ','
        if (container.isObject) container.expectKey = true;
        else container.slot = (container.slot as number) + 1;
        at++;
        break;
      case QUOTE: {
        const end = stringEnd(text, at);
        if (container.isObject && container.expectKey) {
          const key = readKey(text, at, end, escaped);
          if (key === '__proto__') throw new SyntaxError('The key "__proto__" is not allowed');
          if (checkStrings && hasControlCharacter(key)) throw controlCharacterError('A body field name');
          container.keys++;
          container.slot = key;
        } else if (checkStrings && hasControlCharacter(valueAt(container) as string)) {
          const slot = stack.length === 1 ? '' : String(container.slot);
          throw controlCharacterError(slot === '' ? 'The body' : `The body field ${slot}`);
        }
        at = end;
        break;
      }
      case 0x74: // true
      case 0x6e: // null
        at += 4;
        break;
      case 0x66: // false
        at += 5;
        break;
      default: {
        const end = numberEnd(text, at);
        const slot = container.slot;
        const node = container.node as Record<string, unknown>;
        // Up to 15 digits JSON.parse's double is the integer itself: BigInt of it skips reading the digits again.
        node[slot] =
          end - at <= 15 && Number.isInteger(node[slot]) && isIntegerLiteral(text, at, end)
            ? BigInt(node[slot] as number)
            : parseExactNumber(text.slice(at, end));
        at = end;
      }
    }
  }
  return holder[0];
}

/** The end of the number literal at `start` of valid JSON text: where whitespace or a structural character comes. */
function numberEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const code = text.charCodeAt(at);
    // Digits, '.', '-', '+', 'e' and 'E' are all a literal holds; NaN (past the end) stops too.
    if (
      (code >= 0x30 && code <= 0x39) ||
      code === 0x2e ||
      code === 0x2d ||
      code === 0x2b ||
      (code | 0x20) === 0x65
    )
      at++;
    else return at;
  }
}

function isIntegerLiteral(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x2e || (code | 0x20) === 0x65) return false; // '.', 'e', 'E'
  }
  return true;
}

function valueAt(container: Container): unknown {
  return (container.node as Record<string, unknown>)[container.slot];
}

/** The index just past the closing quote of the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  for (let from = start + 1; ;) {
    const quote = text.indexOf('"', from);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function readKey(text: string, start: number, end: number, escaped: boolean): string {
  const raw = text.slice(start + 1, end - 1);
  return escaped && raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/** The first key of the object at `start` (valid JSON) that comes twice, found again on the rare path. */
function duplicateKeyError(text: string, start: number): SyntaxError {
  const seen = new Set<string>();
  let depth = 0;
  let expectKey = true;
  for (let at = start + 1; ;) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (depth === 0 && expectKey) {
        const key = readKey(text, at, end, true);
        if (seen.has(key)) return new SyntaxError(`Duplicate key '${key}' encountered at position ${at}`);
        seen.add(key);
        expectKey = false;
      }
      at = end;
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) depth--;
    else if (code === 0x2c && depth === 0) expectKey = true;
    at++;
  }
}
