import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
async function main() {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('CREATE TEMP TABLE t (a int, b jsonb)');
  const t0 = performance.now();
  const rows = Array.from({ length: 100000 }, (_, i) => `${i}\t{"x": ${i}}\n`);
  await pipeline(
    Readable.from([Buffer.from(rows.join(''))]),
    client.query(copyFrom('COPY t (a, b) FROM STDIN')),
  );
  console.log('copied', performance.now() - t0);
  console.log((await client.query('SELECT count(*) FROM t')).rows);
  await client.end();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
