import { type Address, erc20Abi, parseUnits } from 'viem';
import { ErrorCode, isLosslessNumber } from '@chainwire/core';
import { SWAP_EXPIRED, swapStream, type SwapEvent } from './lifecycle/swap.events';
import { SwapErrorCode } from './swap-errors';
import { foldStream } from '@chainwire/event-store';
import { swapDecider } from './lifecycle/swap.decider';
import { QUOTE_TTL_MS, type RouteTx, startSwapsTestBed, type SwapsTestBed } from './testing/swaps-test-bed';
import { SwapExpiryTimer } from './tracking/swap-expiry-timer';
import { TRACKED_QUOTE_RETENTION_S } from './tracking/swap-tracker';
import { uniswapV2RouterAbi, waitForReceipt } from '@chainwire/chains';
import { reorg } from '@test/support/anvil';

/** UniswapV2Library.getAmountOut, restated: what the pool pays for `amountIn`. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);

describe('swaps on Uniswap V2 (anvil, the npm builds)', () => {
  let bed: SwapsTestBed;

  beforeAll(async () => {
    bed = await startSwapsTestBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => {
    bed.skewMs = 0;
  });

  const quote = (body: Record<string, unknown>, key?: string) =>
    bed.post(
      '/api/swaps/quote',
      { srcChain: 'ethereum', dstChain: 'ethereum', slippageBps: 50, ...body },
      key,
    );
  /** A quote of `ether` ETH into USDC for `from`. */
  const quoteEthToUsdc = (from: Address, ether: string, body: Record<string, unknown> = {}) =>
    quote({
      srcToken: 'native',
      dstToken: bed.usdc.address,
      srcAmount: parseUnits(ether, 18),
      from,
      ...body,
    });
  const route = (quoteId: string, key?: string) => bed.post('/api/swaps/route', { quoteId }, key);
  const status = (quoteId: string, key?: string) => bed.get(`/api/swaps/status/${quoteId}`, key);

  async function statusBecomes(quoteId: string, expected: string, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await status(quoteId);
      if (res.json.data?.status === expected || Date.now() > until) return res.json.data;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const usdcBalance = (owner: Address) =>
    bed.anvil.publicClient.readContract({
      address: bed.usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  async function reserves(): Promise<[bigint, bigint]> {
    const [, out] = await bed.anvil.publicClient.readContract({
      address: bed.uniswap.router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [1n, [bed.uniswap.weth, bed.usdc.address]],
    });
    void out;
    const ethInPool = await bed.anvil.publicClient.readContract({
      address: bed.uniswap.weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [await pairAddress()],
    });
    const usdcInPool = await usdcBalance(await pairAddress());
    return [ethInPool, usdcInPool];
  }
  let pair: Address | undefined;
  async function pairAddress(): Promise<Address> {
    pair ??= (await bed.anvil.publicClient.readContract({
      address: bed.uniswap.factory,
      abi: [
        {
          type: 'function',
          name: 'getPair',
          stateMutability: 'view',
          inputs: [{ type: 'address' }, { type: 'address' }],
          outputs: [{ type: 'address' }],
        },
      ] as const,
      functionName: 'getPair',
      args: [bed.uniswap.weth, bed.usdc.address],
    })) as Address;
    return pair;
  }

  it('native → token: quote, route, sign, send; the output is at least minDstAmount and the status COMPLETED without any report', async () => {
    const trader = bed.anvil.accounts[1];
    const srcAmount = parseUnits('1', 18);
    const [ethIn, usdcIn] = await reserves();
    const q = await quote({
      srcToken: 'native',
      dstToken: bed.usdc.address,
      srcAmount,
      from: trader.address,
    });
    expect(q.status).toBe(200);
    const expected = amountOut(srcAmount, ethIn, usdcIn);
    expect(q.json.data).toEqual({
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      provider: 'uniswap-v2',
      status: 'QUOTED',
      srcAmount,
      dstAmount: expected,
      minDstAmount: (expected * 9950n) / 10000n,
      priceImpactBps: expect.any(BigInt),
      expiresAt: expect.any(String),
    });
    // 1 ETH against 100: about 1 % below the pool's price.
    expect(Number(q.json.data.priceImpactBps)).toBeGreaterThanOrEqual(95);
    expect(Number(q.json.data.priceImpactBps)).toBeLessThanOrEqual(100);
    const quoteId = q.json.data.quoteId as string;
    expect((await status(quoteId)).json.data).toEqual({
      quoteId,
      provider: 'uniswap-v2',
      status: 'QUOTED',
      srcChain: 'ethereum',
      dstChain: 'ethereum',
      txHash: null,
    });

    const r = await route(quoteId);
    expect(r.status).toBe(200);
    const data = r.json.data;
    expect(data).toMatchObject({
      provider: 'uniswap-v2',
      srcChain: 'ethereum',
      dstChain: 'ethereum',
      srcToken: 'native',
      dstToken: bed.usdc.address,
      srcAmount,
      dstAmount: expected,
      minDstAmount: q.json.data.minDstAmount,
      rawProviderRef: `${bed.uniswap.weth}>${bed.usdc.address}`,
      expiresAt: q.json.data.expiresAt,
      warnings: [],
      priceImpactBps: q.json.data.priceImpactBps,
      estimatedDurationSec: expect.any(BigInt),
      approvalSpender: null,
      fees: {
        integratorBps: 0n,
        total: (srcAmount * 3n) / 1000n,
        totalBps: 30n,
        integratorAmount: 0n,
        protocolBps: 0n,
        protocolAmount: 0n,
        gasBaseFee: expect.any(BigInt),
        outboundFee: 0n,
        liquidityFee: (srcAmount * 3n) / 1000n,
        priceImpactBps: q.json.data.priceImpactBps,
        feeAsset: 'native',
      },
      tx: {
        type: 'EVM',
        chain: 'ethereum',
        from: trader.address,
        to: bed.uniswap.router,
        approvalRequired: false,
        chainId: 31337n,
        valueWei: srcAmount,
        nonce: BigInt(await bed.anvil.publicClient.getTransactionCount({ address: trader.address })),
        approvalSpender: null,
        approvalToken: null,
        approvalAmount: null,
        gasPrice: null,
      },
    });
    expect(data.tx.gasLimit).toBeGreaterThan(data.estimatedGas);
    // An exact JSON number literal: a decimal comes back from the exact parser as a LosslessNumber.
    expect(isLosslessNumber(data.gasUsd)).toBe(true);
    expect(Number(String(data.gasUsd))).toBeGreaterThan(0);
    expect(typeof data.notes).toBe('string');
    expect(data.notes).toMatch(/^Valid until .*deadline\.$/);

    const before = await usdcBalance(trader.address);
    const hash = await bed.send(data.tx as RouteTx, trader.privateKey);
    expect((await waitForReceipt(bed.anvil.publicClient, hash)).status).toBe('success');
    const received = (await usdcBalance(trader.address)) - before;
    expect(received).toBeGreaterThanOrEqual(q.json.data.minDstAmount);
    expect(received).toBe(expected);
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });
    // Completed: no second route for it.
    expect((await route(quoteId)).json.code).toBe(ErrorCode.CONFLICT);
  });

  it('token → native: the route asks for the approval first; after it the swap executes and completes', async () => {
    const trader = bed.anvil.accounts[2];
    const srcAmount = parseUnits('3000', 6);
    const q = await quote({
      srcToken: bed.usdc.address,
      dstToken: 'native',
      srcAmount: srcAmount.toString(),
      from: trader.address,
    });
    expect(q.status).toBe(200);
    const quoteId = q.json.data.quoteId as string;
    const r = await route(quoteId);
    expect(r.status).toBe(200);
    const pending = await bed.anvil.publicClient.getTransactionCount({ address: trader.address });
    expect(r.json.data).toMatchObject({
      approvalSpender: bed.uniswap.router,
      tx: {
        approvalRequired: true,
        approvalSpender: bed.uniswap.router,
        approvalToken: bed.usdc.address,
        approvalAmount: srcAmount,
        valueWei: 0n,
        nonce: BigInt(pending + 1),
      },
    });
    expect(r.json.data.warnings).toEqual([expect.stringContaining('approve(')]);

    const approve = await bed.anvil.wallets[2].writeContract({
      address: bed.usdc.address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [bed.uniswap.router, srcAmount],
      nonce: pending,
    });
    expect((await waitForReceipt(bed.anvil.publicClient, approve)).status).toBe('success');
    const again = await route(quoteId);
    expect(again.json.data.tx).toMatchObject({ approvalRequired: false, nonce: BigInt(pending + 1) });
    expect(again.json.data.warnings).toEqual([]);

    const balance = () => bed.anvil.publicClient.getBalance({ address: trader.address });
    const before = await balance();
    const hash = await bed.send(r.json.data.tx as RouteTx, trader.privateKey);
    const receipt = await waitForReceipt(bed.anvil.publicClient, hash);
    expect(receipt.status).toBe('success');
    const received = (await balance()) - before + receipt.gasUsed * receipt.effectiveGasPrice;
    expect(received).toBeGreaterThanOrEqual(q.json.data.minDstAmount);
    expect(received).toBe(q.json.data.dstAmount);
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });
  });

  it('token → token goes through WETH (two hops) and completes', async () => {
    const trader = bed.anvil.accounts[8];
    const srcAmount = parseUnits('1500', 6);
    const pool = async (token: Address) => {
      const pair = (await bed.anvil.publicClient.readContract({
        address: bed.uniswap.factory,
        abi: [
          {
            type: 'function',
            name: 'getPair',
            stateMutability: 'view',
            inputs: [{ type: 'address' }, { type: 'address' }],
            outputs: [{ type: 'address' }],
          },
        ] as const,
        functionName: 'getPair',
        args: [bed.uniswap.weth, token],
      })) as Address;
      const balance = (t: Address) =>
        bed.anvil.publicClient.readContract({
          address: t,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [pair],
        });
      return { weth: await balance(bed.uniswap.weth), token: await balance(token) };
    };
    const [usdcPool, daiPool] = [await pool(bed.usdc.address), await pool(bed.dai.address)];
    const q = await quote({
      srcToken: bed.usdc.address,
      dstToken: bed.dai.address,
      srcAmount,
      from: trader.address,
    });
    expect(q.status).toBe(200);
    const expected = amountOut(
      amountOut(srcAmount, usdcPool.token, usdcPool.weth),
      daiPool.weth,
      daiPool.token,
    );
    expect(q.json.data.dstAmount).toBe(expected);
    const quoteId = q.json.data.quoteId as string;
    const r = await route(quoteId);
    expect(r.json.data).toMatchObject({
      rawProviderRef: `${bed.usdc.address}>${bed.uniswap.weth}>${bed.dai.address}`,
      fees: { totalBps: 60n, liquidityFee: srcAmount - (((srcAmount * 997n) / 1000n) * 997n) / 1000n },
      tx: { approvalRequired: true, approvalToken: bed.usdc.address, valueWei: 0n },
    });
    const approve = await bed.anvil.wallets[8].writeContract({
      address: bed.usdc.address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [bed.uniswap.router, srcAmount],
      nonce: Number(r.json.data.tx.nonce) - 1,
    });
    await waitForReceipt(bed.anvil.publicClient, approve);
    const daiBalance = () =>
      bed.anvil.publicClient.readContract({
        address: bed.dai.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [trader.address],
      });
    const before = await daiBalance();
    const hash = await bed.send(r.json.data.tx as RouteTx, trader.privateKey);
    expect((await waitForReceipt(bed.anvil.publicClient, hash)).status).toBe('success');
    expect((await daiBalance()) - before).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(q.json.data.minDstAmount);
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });
  });

  it('a route made stale by a big swap before it reverts on chain, and the swap is FAILED', async () => {
    const trader = bed.anvil.accounts[3];
    const q = await quoteEthToUsdc(trader.address, '2', { slippageBps: 10 });
    const quoteId = q.json.data.quoteId as string;
    const r = await route(quoteId);
    expect(r.json.data.warnings).toEqual([]);
    // Someone else moves the price by far more than 0.1 %.
    const whale = bed.anvil.wallets[4];
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const big = await whale.writeContract({
      address: bed.uniswap.router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [bed.uniswap.weth, bed.usdc.address], whale.account.address, deadline],
      value: parseUnits('20', 18),
    });
    expect((await waitForReceipt(bed.anvil.publicClient, big)).status).toBe('success');
    // Asked again, the route says it would fail now.
    expect((await route(quoteId)).json.data.warnings).toEqual([
      expect.stringContaining('INSUFFICIENT_OUTPUT_AMOUNT'),
    ]);

    const hash = await bed.send(r.json.data.tx as RouteTx, trader.privateKey);
    expect((await waitForReceipt(bed.anvil.publicClient, hash)).status).toBe('reverted');
    expect(await statusBecomes(quoteId, 'FAILED')).toMatchObject({ status: 'FAILED', txHash: hash });
    // A failed swap may be sent again until its deadline, not after.
    const retry = await route(quoteId);
    expect(retry.status).toBe(200);
    expect(retry.json.data.notes).toContain(`A transaction for this quote reverted (${hash})`);
    bed.skewMs = QUOTE_TTL_MS + 1_000;
    expect((await route(quoteId)).json.code).toBe(SwapErrorCode.QUOTE_EXPIRED);
    expect((await status(quoteId)).json.data.status).toBe('FAILED');
  });

  it('a reorg that removes the completing transaction returns the swap to SUBMITTED; mined again, it completes again', async () => {
    const trader = bed.anvil.accounts[7];
    const q = await quoteEthToUsdc(trader.address, '0.5', { slippageBps: 500 });
    const quoteId = q.json.data.quoteId as string;
    const tx = (await route(quoteId)).json.data.tx as RouteTx;
    const signed = await bed.sign(tx, trader.privateKey);
    const hash = await bed.anvil.publicClient.sendRawTransaction({ serializedTransaction: signed });
    expect((await waitForReceipt(bed.anvil.publicClient, hash)).status).toBe('success');
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });

    // The block holding it is replaced by an empty one.
    await reorg(bed.anvil, 1);
    expect(await statusBecomes(quoteId, 'SUBMITTED')).toMatchObject({ status: 'SUBMITTED', txHash: hash });
    const types = (await bed.eventStore.readStream<SwapEvent>(swapStream(quoteId))).map((e) => e.type);
    expect(types).toEqual(['SwapQuoted', 'SwapSubmitted', 'SwapCompleted', 'SwapTransactionReverted']);

    await bed.anvil.publicClient.sendRawTransaction({ serializedTransaction: signed }).catch(() => undefined);
    await bed.anvil.testClient.mine({ blocks: 1 });
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });
  });

  it('a quote past its expiry is EXPIRED: by the status route, the route (410), and the timer', async () => {
    const trader = bed.anvil.accounts[5];
    const body = {
      srcToken: 'native',
      dstToken: bed.usdc.address,
      srcAmount: parseUnits('0.1', 18),
      from: trader.address,
    };
    const first = (await quote(body)).json.data.quoteId as string;
    const second = (await quote(body)).json.data.quoteId as string;
    const third = (await quote(body)).json.data.quoteId as string;
    // The timer reads the read model: wait until the projection has the third quote (QUOTED).
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      const { rows } = await bed.db.pool.query(`SELECT status FROM swaps WHERE quote_id = $1`, [third]);
      if (rows[0]?.status === 'QUOTED') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    bed.skewMs = QUOTE_TTL_MS + 1_000;

    expect((await status(first)).json.data.status).toBe('EXPIRED');
    const expired = await route(second);
    expect(expired.status).toBe(410);
    expect(expired.json.code).toBe(SwapErrorCode.QUOTE_EXPIRED);

    const timer = new SwapExpiryTimer({ db: bed.db, eventStore: bed.eventStore, now: bed.now });
    const until = Date.now() + 10_000;
    let total = 0;
    while (Date.now() < until) {
      total += await timer.round();
      const events = await bed.eventStore.readStream<SwapEvent>(swapStream(third));
      if (events.some((e) => e.type === SWAP_EXPIRED)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(total).toBeGreaterThanOrEqual(1);
    const events = await bed.eventStore.readStream<SwapEvent>(swapStream(third));
    expect(events.filter((e) => e.type === SWAP_EXPIRED)).toHaveLength(1);
    // A second round appends nothing new for it.
    await timer.round();
    expect(await bed.eventStore.readStream(swapStream(third))).toHaveLength(events.length);
    expect((await status(third)).json.data.status).toBe('EXPIRED');
  });

  describe('refusals', () => {
    const from = () => bed.anvil.accounts[6].address;
    const expectRefused = async (body: Record<string, unknown>, httpStatus: number, code: string) => {
      const res = await quote({ from: from(), srcAmount: '1000000', ...body });
      expect({ status: res.status, code: res.json.code, ok: res.json.ok }).toEqual({
        status: httpStatus,
        code,
        ok: false,
      });
    };

    it('the same token twice', async () => {
      await expectRefused({ srcToken: 'native', dstToken: 'native' }, 400, SwapErrorCode.SAME_TOKEN);
      await expectRefused(
        { srcToken: bed.usdc.address, dstToken: bed.usdc.address.toLowerCase() },
        400,
        SwapErrorCode.SAME_TOKEN,
      );
      await expectRefused({ srcToken: 'native', dstToken: bed.uniswap.weth }, 400, SwapErrorCode.SAME_TOKEN);
    });

    it('a zero amount', async () => {
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, srcAmount: 0 },
        400,
        SwapErrorCode.ZERO_AMOUNT,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, srcAmount: '0' },
        400,
        SwapErrorCode.ZERO_AMOUNT,
      );
    });

    it('an unknown token', async () => {
      await expectRefused(
        { srcToken: 'native', dstToken: bed.anvil.accounts[8].address },
        400,
        SwapErrorCode.UNKNOWN_TOKEN,
      );
      await expectRefused({ srcToken: 'eth', dstToken: bed.usdc.address }, 400, SwapErrorCode.UNKNOWN_TOKEN);
    });

    it('no liquidity', async () => {
      // dUSDT has no pool.
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdt.address },
        400,
        SwapErrorCode.NO_LIQUIDITY,
      );
      // More than the pool holds out: getAmountsOut still answers, but for next to nothing; a pool-draining amount of the other side reverts.
      await expectRefused(
        { srcToken: bed.usdc.address, dstToken: bed.usdt.address },
        400,
        SwapErrorCode.NO_LIQUIDITY,
      );
    });

    it('bad input, another chain pair, a chain outside the plan', async () => {
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, slippageBps: 10_001 },
        400,
        ErrorCode.VALIDATION_ERROR,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, srcAmount: '-1' },
        400,
        ErrorCode.VALIDATION_ERROR,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, srcAmount: '1.5' },
        400,
        ErrorCode.VALIDATION_ERROR,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, from: 'nope' },
        400,
        ErrorCode.INVALID_ADDRESS,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, dstChain: 'polygon' },
        400,
        SwapErrorCode.UNSUPPORTED_ROUTE,
      );
      await expectRefused(
        { srcToken: 'native', dstToken: bed.usdc.address, srcChain: 'nochain' },
        400,
        ErrorCode.UNKNOWN_CHAIN,
      );
      const res = await quote(
        {
          from: from(),
          srcAmount: '1',
          srcToken: 'native',
          dstToken: bed.usdc.address,
          srcChain: 'linea',
          dstChain: 'linea',
        },
        bed.keys.free,
      );
      expect([res.status, res.json.code]).toEqual([403, ErrorCode.CHAIN_NOT_IN_PLAN]);
    });

    it('the capability report names swaps on the chain with a router only', async () => {
      const report = async (chain: string) => (await bed.get(`/api/chains/${chain}/capabilities`)).json.data;
      expect(await report('ethereum')).toMatchObject({ chain: 'ethereum', swaps: true });
      expect(await report('polygon')).toMatchObject({ chain: 'polygon', swaps: false });
    });

    it('a quote another key made, or none, is not found', async () => {
      const q = await quote({
        srcToken: 'native',
        dstToken: bed.usdc.address,
        srcAmount: '1000000000000000',
        from: from(),
      });
      const quoteId = q.json.data.quoteId as string;
      for (const res of [
        await status(quoteId, bed.keys.pro),
        await route(quoteId, bed.keys.pro),
        await status('00000000-0000-4000-8000-000000000000'),
        await status('not-a-uuid'),
        await route('00000000-0000-4000-8000-000000000000'),
      ]) {
        expect([res.status, res.json.code]).toEqual([404, SwapErrorCode.QUOTE_NOT_FOUND]);
      }
      expect((await status(quoteId)).status).toBe(200);
      expect((await status(quoteId.toUpperCase())).json.data).toMatchObject({ quoteId });
    });
  });

  it('the swaps read model holds for every quote what the decider folds from its stream', async () => {
    // The projection follows the stream: poll until it has caught up with the last appends.
    type Row = { quote_id: string; status: string; tx_hash: string | null };
    let rows: Row[] = [];
    let mismatches: unknown[] = [];
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      rows = (await bed.db.pool.query<Row>(`SELECT quote_id, status, tx_hash FROM swaps`)).rows;
      mismatches = [];
      for (const row of rows) {
        const folded = (await foldStream(bed.eventStore, swapStream(row.quote_id), swapDecider)).state!;
        if (row.status !== folded.status || row.tx_hash !== folded.txHash)
          mismatches.push({ row, folded: { status: folded.status, txHash: folded.txHash } });
      }
      if (mismatches.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(mismatches).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['QUOTED', 'COMPLETED', 'FAILED', 'EXPIRED']));
  });

  it('the tracker drops quotes a day of chain time past their expiry and keeps the ones still matchable', async () => {
    const tracked = async () =>
      (await bed.db.pool.query<{ quote_id: string }>('SELECT quote_id FROM swap_tracker_quotes')).rows.map(
        (r) => r.quote_id,
      );
    expect((await tracked()).length).toBeGreaterThanOrEqual(8);

    // The chain and the service's clock move a day and an hour on.
    const shiftS = TRACKED_QUOTE_RETENTION_S + 3600;
    await bed.anvil.testClient.increaseTime({ seconds: shiftS });
    await bed.anvil.testClient.mine({ blocks: 1 });
    bed.skewMs = shiftS * 1000;
    const trader = bed.anvil.accounts[4];
    const q = await quoteEthToUsdc(trader.address, '0.1');
    const quoteId = q.json.data.quoteId as string;
    const hash = await bed.send((await route(quoteId)).json.data.tx as RouteTx, trader.privateKey);
    expect((await waitForReceipt(bed.anvil.publicClient, hash)).status).toBe('success');
    // Matched: the new quote was still tracked when its transaction was observed.
    expect(await statusBecomes(quoteId, 'COMPLETED')).toMatchObject({ status: 'COMPLETED', txHash: hash });

    // That transaction's block is a day past every earlier quote's expiry: they are dropped, it stays.
    let left: string[] = [];
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      left = await tracked();
      if (left.length === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toEqual([quoteId]);
  });
});
