/**
 * bench:json-body — the event loop's time to parse a request body exactly (parseJsonExact, every route's
 * JSON body parser), per body shape, against JSON.parse of the same text (the floor: it rounds numbers and
 * keeps duplicate keys, so it is not a parser the API could use) and against lossless-json's parser (the
 * one the service used before). The shapes are the largest a route takes: 1 MiB on POST /api/txs/send (a
 * signed transaction's hex, or a body an abusive client fills with numbers or objects) and 64 KiB on every
 * other route. Prints ms per body and the ratio floor / parseJsonExact (1 = as fast as JSON.parse).
 */
import { parse as losslessParse } from 'lossless-json';
import { parseExactNumber, parseJsonExact } from '@chainwire/core';

const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

/** A JSON object text of `bytes` characters at most, made of `item` repeated in an array beside a chain. */
function filled(bytes: number, item: (i: number) => string): string {
  const items: string[] = [];
  let length = 32;
  for (let i = 0; length + item(i).length + 1 <= bytes; i++) {
    items.push(item(i));
    length += item(i).length + 1;
  }
  return `{"chain":"ethereum","items":[${items.join(',')}]}`;
}

const bodies: [string, string][] = [
  [
    'send: 1 MiB signed transaction (hex)',
    JSON.stringify({ chain: 'ethereum', signedTx: `0x${'ab'.repeat(MiB / 2 - 32)}` }),
  ],
  ['send: 1 MiB of integers', filled(MiB, (i) => String(1_000_000 + i))],
  ['send: 1 MiB of uint256 integers', filled(MiB, (i) => (2n ** 256n - 1n - BigInt(i)).toString())],
  ['send: 1 MiB of small objects', filled(MiB, (i) => `{"to":"a${i}","n":${i}}`)],
  ['send: 1 MiB of escaped strings', filled(MiB, (i) => `"say \\"hi\\" ${i} \\u00e9\\/"`)],
  ['other routes: 64 KiB of small objects', filled(64 * 1024, (i) => `{"to":"a${i}","n":${i}}`)],
  [
    'prepare-sign body',
    JSON.stringify({ chain: 'ethereum', from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}` }).replace(
      /}$/,
      ',"amountWei":1000000000000000000000}',
    ),
  ],
];

/** Median ms per call over ROUNDS rounds (each round long enough to time). */
function time(parse: (text: string) => unknown, text: string): number {
  const calls = Math.max(1, Math.round(200_000 / text.length));
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) parse(text);
    if (round >= 2) rounds.push(Number(process.hrtime.bigint() - start) / 1e6 / calls);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
}

function main(): void {
  console.log(`${ROUNDS} rounds per figure, median; ms per body`);
  for (const [name, text] of bodies) {
    const exact = time((t) => parseJsonExact(t, { refuseControlCharacters: true }), text);
    const floor = time((t) => JSON.parse(t), text);
    const before = time((t) => losslessParse(t, undefined, { parseNumber: parseExactNumber }), text);
    const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(4) : ms.toFixed(2));
    console.log(
      `${name} (${text.length} characters): parseJsonExact ${fmt(exact)} ms, JSON.parse ${fmt(floor)} ms ` +
        `(ratio ${(floor / exact).toFixed(3)}), lossless-json ${fmt(before)} ms (${(before / exact).toFixed(1)}x parseJsonExact)`,
    );
  }
}

main();
