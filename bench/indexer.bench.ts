/**
 * npm run bench:indexer — end-to-end indexing throughput.
 *
 * Generates at least 50,000 ERC-20 transfers on anvil (BatchTokenSender sprays them, 500 per
 * transaction), then measures the time from starting the indexer and the balances projection
 * until the projection has caught up with the chain head. Baseline, measured in the same run on
 * the same database: one bulk `unnest` insert of the very same event rows into a copy of the
 * events table. Runs on PostgreSQL when DATABASE_URL is set, on embedded PGlite otherwise.
 */
import { performance } from 'node:perf_hooks';
import { erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { createEventStore } from '@chainwire/event-store';
import { chainStream, TRANSFER_OBSERVED, type TransferObservedData } from '@chainwire/chain-events';
import { EvmIndexer } from '@chainwire/indexing';
import { balancesProjection, blocksProjection, ConsumerRunner } from '@chainwire/read-models';
import { createTestDatabase } from '../test/support/test-database';
import { callFixture, deployFixture, startTestAnvil, waitMined } from '../test/support/anvil';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 50_000);
const PER_TX = 500;
const RECIPIENTS = 2_000;

async function main(): Promise<void> {
  const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const anvil = await startTestAnvil({ gasLimit: 1_000_000_000n });
  const db = await createTestDatabase({ poolSize: 10 });
  try {
    const [owner] = anvil.wallets;
    const token = await deployFixture(anvil, 'DemoToken', ['Bench Token', 'BENCH', 6]);
    const sender = await deployFixture(anvil, 'BatchTokenSender');
    const unit = parseUnits('1', 6);
    await waitMined(
      anvil,
      await owner.writeContract({
        address: token,
        abi: [...erc20Abi, mintAbi],
        functionName: 'mint',
        args: [sender, unit * BigInt(TRANSFERS)],
      } as never),
    );

    const genStart = performance.now();
    const hashes: Hex[] = [];
    for (let sent = 0; sent < TRANSFERS; sent += PER_TX) {
      const count = Math.min(PER_TX, TRANSFERS - sent);
      hashes.push(
        await callFixture(
          owner,
          sender,
          'BatchTokenSender',
          'spray',
          [token, count, 0x10000n, RECIPIENTS, unit, false],
          {
            gas: 30_000_000n,
          },
        ),
      );
    }
    for (const hash of hashes) {
      if ((await waitMined(anvil, hash)) !== 'success') throw new Error('spray transaction reverted');
    }
    const head = await anvil.publicClient.getBlockNumber();
    console.log(
      `generated ${TRANSFERS} ERC-20 transfers in ${hashes.length} txs, head ${head}, ${((performance.now() - genStart) / 1000).toFixed(1)} s`,
    );

    // End to end: indexer and projections run concurrently, as in the service.
    const eventStore = await createEventStore({ db });
    const indexer = new EvmIndexer({ chain: 'ethereum', rpcUrl: anvil.rpcUrl, eventStore, startBlock: 0n });
    const runners = [balancesProjection, blocksProjection].map(
      (projection) => new ConsumerRunner({ db, eventStore, consumer: projection }),
    );
    const t0 = performance.now();
    runners.forEach((r) => r.start());
    await indexer.syncOnce();
    await Promise.all(runners.map((r) => r.catchUp()));
    const endToEndMs = performance.now() - t0;

    const headLatency = await measureHeadLatency(anvil, db.pool, eventStore);
    await Promise.all(runners.map((r) => r.stop()));

    const events = await eventStore.readStream(chainStream('ethereum'));
    const tokenTransfers = events.filter(
      (e) => e.type === TRANSFER_OBSERVED && (e.data as TransferObservedData).kind === 'erc20',
    ).length;
    await checkBalances(db.pool, token, anvil.publicClient);

    // Baseline: the same rows, one bulk insert into a copy of the events table.
    await db.pool.query('CREATE TABLE events_baseline (LIKE events INCLUDING ALL)');
    const b0 = performance.now();
    await db.pool.query(
      `INSERT INTO events_baseline (stream_id, stream_position, event_id, type, data, metadata)
       SELECT 'baseline', ord, id, type, data, '{}'::jsonb
         FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e(id, type, data, ord)`,
      [events.map((e) => e.id), events.map((e) => e.type), events.map((e) => JSON.stringify(e.data))],
    );
    const baselineMs = performance.now() - b0;

    const rate = tokenTransfers / (endToEndMs / 1000);
    const baselineRate = tokenTransfers / (baselineMs / 1000);
    console.log(`backend: ${backend}`);
    console.log(`events appended: ${events.length} (${tokenTransfers} ERC-20 transfers)`);
    console.log(
      `end to end (index + project): ${(endToEndMs / 1000).toFixed(2)} s, ${Math.round(rate)} transfers/s`,
    );
    console.log(
      `baseline (bulk unnest insert of the same rows): ${(baselineMs / 1000).toFixed(2)} s, ${Math.round(baselineRate)} rows/s`,
    );
    console.log(`ratio end-to-end / baseline: ${(rate / baselineRate).toFixed(3)}`);
    console.log(
      `head latency (node mines a block → blocks read model has it), ${headLatency.service.length} blocks: ` +
        `p50 ${headLatency.p50} ms, max ${headLatency.max} ms; baseline (bare eth_blockNumber poll at the same ` +
        `1 s interval) p50 ${headLatency.baselineP50} ms; ratio ${(headLatency.p50 / Math.max(1, headLatency.baselineP50)).toFixed(2)}`,
    );
    await eventStore.close();
  } finally {
    await db.close();
    await anvil.stop();
  }
}

/**
 * The "newest block within 2 s" promise: with the indexer following the head (1 s poll) and the
 * projections running, mine blocks one at a time and time until each appears in the blocks read
 * model. Baseline: a bare loop polling eth_blockNumber at the same 1 s interval.
 */
async function measureHeadLatency(
  anvil: Awaited<ReturnType<typeof startTestAnvil>>,
  pool: import('pg').Pool,
  eventStore: import('@chainwire/event-store').EventStore,
) {
  const follower = new EvmIndexer({
    chain: 'ethereum',
    rpcUrl: anvil.rpcUrl,
    eventStore,
    pollIntervalMs: 1000,
  });
  follower.start();
  const service: number[] = [];
  const baseline: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 137 * (i % 7)));
      await anvil.testClient.mine({ blocks: 1 });
      const mined = performance.now();
      const target = await anvil.publicClient.getBlockNumber();
      let polled = false;
      let nextPoll = mined + Math.random() * 1000;
      for (;;) {
        const now = performance.now();
        if (!polled && now >= nextPoll) {
          if ((await anvil.publicClient.getBlockNumber()) >= target) {
            baseline.push(performance.now() - mined);
            polled = true;
          } else nextPoll += 1000;
        }
        if (service.length === i) {
          const { rows } = await pool.query(`SELECT 1 FROM blocks WHERE chain = 'ethereum' AND number = $1`, [
            target.toString(),
          ]);
          if (rows.length > 0) service.push(performance.now() - mined);
        }
        if (polled && service.length > i) break;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  } finally {
    await follower.stop();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    service,
    p50: Math.round(median(service)),
    max: Math.round(Math.max(...service)),
    baselineP50: Math.round(median(baseline)),
  };
}

const mintAbi = {
  type: 'function',
  name: 'mint',
  stateMutability: 'nonpayable',
  inputs: [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  outputs: [],
} as const;

/** A benchmark that indexes wrongly measures nothing: spot-check projected balances against the node. */
async function checkBalances(
  pool: import('pg').Pool,
  token: Address,
  client: Awaited<ReturnType<typeof startTestAnvil>>['publicClient'],
): Promise<void> {
  const { rows } = await pool.query<{ address: string; amount: string }>(
    `SELECT address, amount FROM balances WHERE asset = $1 AND address <> '0x0000000000000000000000000000000000000000' ORDER BY address LIMIT 20`,
    [token.toLowerCase()],
  );
  if (rows.length === 0) throw new Error('no token balances projected');
  for (const row of rows) {
    const onChain = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [row.address as Address],
    });
    if (onChain !== BigInt(row.amount))
      throw new Error(`balance mismatch for ${row.address}: ${row.amount} != ${onChain}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
