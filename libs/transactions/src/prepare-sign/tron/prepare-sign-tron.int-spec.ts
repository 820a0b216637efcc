import { TronWeb, utils as tronUtils } from 'tronweb';
import { addAsset } from '@chainwire/chains';
import {
  mineTronBlock,
  scriptedTronBlocks,
  tronSigningRoutes,
  type TronSigningChain,
} from '@test/support/tron-node/signing-routes';
import { startTronNodeFixture, type TronNodeFixture } from '@test/support/tron-node/tron-node-fixture';
import { startTxTestApp, type TxTestApp } from '../../testing/tx-test-app';

/** The `data` of a Tron prepare-sign answer as parsed losslessly (integers are bigints). */
interface TronPreparedWire {
  chain: string;
  chainId: null;
  nonce: null;
  from: string;
  to: string;
  valueWei: bigint;
  data: string | null;
  tokenContract: string | null;
  fee: {
    mode: 'TRON';
    rp: { h: string; n: bigint; t: bigint; p: string; r: string; w: string; v: bigint };
    el: bigint;
  };
}

interface SignedTx {
  txID: string;
  raw_data: Record<string, unknown> & { contract: { parameter: { value: Record<string, unknown> } }[] };
  raw_data_hex: string;
  signature: string[];
}

const KEY_A = '1'.repeat(64);
const KEY_B = '2'.repeat(64);
const KEY_C = '3'.repeat(64);
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const UNLISTED = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const hex = (address: string) => TronWeb.address.toHex(address).toLowerCase();
const HEAD = 70_000_123;
const HEAD_TIME = Date.now();

/**
 * What a wallet does with the answer, offline (tronweb never reaches a node here): the reference block's
 * TAPOS fields from fee.rp, then sendTrx (TRX) or a local TriggerSmartContract with data and fee.el (TRC-20).
 */
async function buildFromPayload(
  prepared: TronPreparedWire,
  override: Partial<Record<string, string | number>> = {},
) {
  const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
  const t = Number(prepared.fee.rp.t);
  const blockHeader = {
    ref_block_bytes: prepared.fee.rp.n.toString(16).slice(-4).padStart(4, '0'),
    ref_block_hash: prepared.fee.rp.h.slice(16, 32),
    expiration: t + 60_000,
    timestamp: t,
    ...override,
  };
  if (prepared.data === null) {
    return tronWeb.transactionBuilder.sendTrx(prepared.to, Number(prepared.valueWei), prepared.from, {
      blockHeader,
    });
  }
  const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
    prepared.to,
    '',
    { txLocal: true, feeLimit: Number(prepared.fee.el), input: prepared.data, blockHeader },
    [],
    prepared.from,
  );
  return transaction;
}

/** tronweb's offline signing: secp256k1 over txID, after checking txID against raw_data and the key against the owner. */
async function sign(tx: unknown, key: string): Promise<SignedTx> {
  return (await new TronWeb({ fullHost: 'http://127.0.0.1:9' }).trx.sign(
    structuredClone(tx) as never,
    key,
  )) as unknown as SignedTx;
}

describe('POST /api/txs/prepare-sign on Tron → tronweb offline build and signature → POST /api/txs/send', () => {
  let node: TronNodeFixture;
  let t: TxTestApp;
  let chain: TronSigningChain;
  const [a, b, c] = [KEY_A, KEY_B, KEY_C].map((k) => TronWeb.address.fromPrivateKey(k) as string);

  beforeAll(async () => {
    chain = {
      blocks: scriptedTronBlocks(HEAD, 20, HEAD_TIME),
      parameters: {
        getEnergyFee: 210,
        getTransactionFee: 1000,
        getMaxFeeLimit: 15_000_000_000,
        getAllowTvmTransferTrc10: 0,
      },
      trx: new Map([[hex(a!), 5_000_000_000n]]),
      tokens: new Map([
        [
          hex(USDT),
          {
            balances: new Map([
              [hex(a!), 10_000_000n],
              [hex(c!), 1n],
            ]),
            energyToHolder: 14_650,
            energyToNewHolder: 29_650,
          },
        ],
      ]),
      accepted: [],
    };
    node = await startTronNodeFixture(tronSigningRoutes(chain));
    t = await startTxTestApp([], { tron: { url: node.url, apiKey: 'grid-key' } });
    await addAsset(t.db.dataSource, {
      chain: 'tron',
      contract: USDT,
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
      type: 'trc20',
    });
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  async function prepare(body: Record<string, unknown>): Promise<TronPreparedWire> {
    const res = await t.post('/api/txs/prepare-sign', { chain: 'tron', ...body });
    if (res.status !== 200) throw new Error(`prepare-sign answered ${res.status}: ${res.text}`);
    return res.json.data as unknown as TronPreparedWire;
  }

  const broadcast = async (tx: unknown) =>
    (await (
      await fetch(`${node.url}/wallet/broadcasttransaction`, { method: 'POST', body: JSON.stringify(tx) })
    ).json()) as {
      result?: boolean;
      code?: string;
      message?: string;
    };

  /** Through the service: POST /api/txs/send, which broadcasts through the node. */
  const send = (signedTx: unknown) => t.post('/api/txs/send', { chain: 'tron', signedTx });

  it('prepares a TRX transfer on the head block: built and signed offline, the node accepts it and moves the exact sun', async () => {
    const prepared = await prepare({
      from: a,
      to: hex(b!),
      txType: 'TRANSFER_NATIVE',
      amountWei: 1_234_567n,
    });
    const head = chain.blocks[chain.blocks.length - 1]!;
    expect(prepared).toEqual({
      chain: 'tron',
      chainId: null,
      from: a,
      to: b, // hex accepted on input, base58 on the wire
      valueWei: 1_234_567n,
      data: null,
      txType: 'TRANSFER_NATIVE',
      tokenContract: null,
      nonce: null,
      fee: {
        mode: 'TRON',
        rp: {
          h: head.id,
          n: BigInt(head.number),
          t: BigInt(head.timestamp),
          p: head.parentHash,
          r: head.txTrieRoot,
          w: TronWeb.address.fromHex(head.witnessAddress),
          v: 31n,
        },
        el: 0n,
      },
    });
    expect(node.requests.every((r) => r.apiKey === 'grid-key')).toBe(true);
    expect(node.requests.map((r) => r.path)).toEqual(['/wallet/getnowblock']); // a TRX transfer needs the head only
    expect(node.unknownPaths).toEqual([]);

    const signed = await sign(await buildFromPayload(prepared), KEY_A);
    const sent = await send(signed);
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ ok: true, code: 'OK', message: 'OK', data: { txHash: signed.txID } });
    expect(node.requests.at(-1)).toMatchObject({ path: '/wallet/broadcasttransaction', apiKey: 'grid-key' });
    expect(chain.trx.get(hex(a!))).toBe(5_000_000_000n - 1_234_567n);
    expect(chain.trx.get(hex(b!))).toBe(1_234_567n);
    const again = await send(signed);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: 'BROADCAST_REJECTED',
      message: expect.stringMatching(/^DUP_TRANSACTION_ERROR: Dup transaction/),
    });
    expect(chain.trx.get(hex(a!))).toBe(5_000_000_000n - 1_234_567n);
  });

  it('prepares a TRC-20 transfer: fee limit from the measured energy × getEnergyFee + 20 %; accepted, exact amount moved', async () => {
    const prepared = await prepare({
      from: a,
      to: b,
      txType: 'TRANSFER_TOKEN',
      tokenContract: USDT,
      amount: '1.5',
    });
    expect(prepared).toMatchObject({ to: USDT, tokenContract: USDT, valueWei: 0n, fee: { mode: 'TRON' } });
    // b holds none yet: the fixture's new-holder energy, 29 650 × 210 sun × 1.2.
    expect(prepared.fee.el).toBe((29_650n * 210n * 12n + 9n) / 10n);
    expect(prepared.data).toBe(
      `a9059cbb000000000000000000000000${hex(b!).slice(2)}${(1_500_000).toString(16).padStart(64, '0')}`,
    );

    const signed = await sign(await buildFromPayload(prepared), KEY_A);
    expect(signed.raw_data.fee_limit).toBe(Number(prepared.fee.el));
    // As JSON text this time: both forms are taken.
    const sent = await send(JSON.stringify(signed));
    expect(sent.status).toBe(200);
    expect(sent.json.data).toEqual({ txHash: signed.txID });
    const usdt = chain.tokens.get(hex(USDT))!;
    expect(usdt.balances.get(hex(b!))).toBe(1_500_000n);
    expect(usdt.balances.get(hex(a!))).toBe(8_500_000n);

    // b holds some now: the cheaper holder energy.
    const again = await prepare({
      from: a,
      to: b,
      txType: 'TRANSFER_TOKEN',
      tokenContract: USDT,
      amountWei: 1n,
    });
    expect(again.fee.el).toBe((14_650n * 210n * 12n + 9n) / 10n);
  });

  it('the node rejects wrongly built payloads: foreign signature, tampered raw_data, unknown reference block, expired', async () => {
    const prepared = await prepare({ from: a, to: c, txType: 'TRANSFER_NATIVE', amountWei: 1000n });
    const good = await buildFromPayload(prepared);

    // Signed by another key: tronweb's signTransaction (trx.sign refuses a key that is not the owner's).
    const foreign = tronUtils.crypto.signTransaction(KEY_C, structuredClone(good)) as unknown as SignedTx;
    expect(foreign.signature).toHaveLength(1);
    expect(await broadcast(foreign)).toMatchObject({ code: 'SIGERROR' });

    // raw_data changed after signing (more sun), txID and hex left as signed.
    const tampered = structuredClone(await sign(good, KEY_A));
    tampered.raw_data.contract[0]!.parameter.value.amount = 1_000_000;
    expect(await broadcast(tampered)).toMatchObject({ code: 'OTHER_ERROR' });
    expect(Buffer.from((await broadcast(tampered)).message!, 'hex').toString()).toBe(
      'raw_data and raw_data_hex disagree',
    );

    // txID that is not sha256 of the bytes.
    const wrongId = structuredClone(await sign(good, KEY_A));
    wrongId.txID = wrongId.txID.replace(/^./, (ch) => (ch === '0' ? '1' : '0'));
    expect(await broadcast(wrongId)).toMatchObject({ code: 'OTHER_ERROR' });

    // Reference block hash of no recent block.
    const unknownRef = await sign(
      await buildFromPayload(prepared, { ref_block_hash: '00'.repeat(8) }),
      KEY_A,
    );
    expect(await broadcast(unknownRef)).toMatchObject({ code: 'TAPOS_ERROR' });

    // Expiration before the head block.
    const expired = await sign(
      await buildFromPayload(prepared, { expiration: Number(prepared.fee.rp.t) - 1 }),
      KEY_A,
    );
    expect(await broadcast(expired)).toMatchObject({ code: 'TRANSACTION_EXPIRATION_ERROR' });

    expect(chain.trx.get(hex(c!))).toBeUndefined();
    expect(await broadcast(await sign(good, KEY_A))).toMatchObject({ result: true });
    expect(chain.trx.get(hex(c!))).toBe(1000n);
  });

  it("send answers the node's refusals as 400 BROADCAST_REJECTED (code first), and refuses raw_data that is not what was signed before the node sees it", async () => {
    const prepared = await prepare({ from: a, to: c, txType: 'TRANSFER_NATIVE', amountWei: 7n });
    const good = await buildFromPayload(prepared);
    const rejected = async (signedTx: unknown, reason: RegExp) => {
      const res = await send(signedTx);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        ok: false,
        code: 'BROADCAST_REJECTED',
        message: expect.stringMatching(reason),
      });
    };
    await rejected(
      tronUtils.crypto.signTransaction(KEY_C, structuredClone(good)),
      /^SIGERROR: Validate signature error/,
    );
    await rejected(
      await sign(await buildFromPayload(prepared, { ref_block_hash: '00'.repeat(8) }), KEY_A),
      /^TAPOS_ERROR: /,
    );
    await rejected(
      await sign(await buildFromPayload(prepared, { expiration: Number(prepared.fee.rp.t) - 1 }), KEY_A),
      /^TRANSACTION_EXPIRATION_ERROR: /,
    );

    const broadcastsBefore = node.requests.filter((r) => r.path === '/wallet/broadcasttransaction').length;
    const tampered = structuredClone(await sign(good, KEY_A));
    tampered.raw_data.contract[0]!.parameter.value.amount = 1_000_000;
    const wrongId = structuredClone(await sign(good, KEY_A));
    wrongId.txID = wrongId.txID.replace(/^./, (ch) => (ch === '0' ? '1' : '0'));
    const unsigned = { ...(await sign(good, KEY_A)), signature: [] };
    for (const [signedTx, reason] of [
      [tampered, /raw_data does not encode to raw_data_hex/],
      [wrongId, /txID is not its sha256/],
      [unsigned, /tronweb's signed transaction/],
      ['0x0a02' + 'ab'.repeat(40), /tronweb's signed transaction/],
      ['{"txID": 1', /tronweb's signed transaction/],
      [{ ...(await sign(good, KEY_A)), signature: ['zz'.repeat(65)] }, /tronweb's signed transaction/],
    ] as const) {
      const res = await send(signedTx);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(reason) });
      expect(res.json.message).toMatch(/^signedTx: /);
    }
    expect(node.requests.filter((r) => r.path === '/wallet/broadcasttransaction')).toHaveLength(
      broadcastsBefore,
    );
    expect(chain.trx.get(hex(c!))).toBe(1000n); // the earlier test's transfer only

    chain.down = true;
    try {
      const down = await send(await sign(good, KEY_A));
      expect(down.status).toBe(503);
      expect(down.json.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      chain.down = false;
    }
    expect((await send(await sign(good, KEY_A))).json.data).toEqual({
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(chain.trx.get(hex(c!))).toBe(1007n);
  });

  it('answers the status of a sent transaction by its txID: PENDING in the pool, then CONFIRMED with its block, FAILED when it ran out of energy', async () => {
    const status = async (id: string) => t.get(`/api/txs/status/tron/${id}`);
    const prepared = await prepare({ from: a, to: b, txType: 'TRANSFER_NATIVE', amountWei: 5n });
    const signed = await sign(await buildFromPayload(prepared), KEY_A);
    expect((await send(signed)).status).toBe(200);
    expect((await status(signed.txID)).json).toEqual({
      ok: true,
      code: 'OK',
      message: 'OK',
      data: { chain: 'tron', txHash: signed.txID, status: 'PENDING', blockNumber: null, confirmations: 0n },
    });

    // A fee limit below the call's energy: accepted, and mined failed.
    const token = await prepare({
      from: a,
      to: b,
      txType: 'TRANSFER_TOKEN',
      tokenContract: USDT,
      amountWei: 1n,
    });
    const starved = await sign(await buildFromPayload({ ...token, fee: { ...token.fee, el: 1n } }), KEY_A);
    expect((await send(starved)).status).toBe(200);

    const block = mineTronBlock(chain);
    expect((await status(signed.txID)).json.data).toEqual({
      chain: 'tron',
      txHash: signed.txID,
      status: 'CONFIRMED',
      blockNumber: BigInt(block.number),
      confirmations: 1n,
    });
    expect((await status(`0x${starved.txID.toUpperCase()}`)).json.data).toEqual({
      chain: 'tron',
      txHash: starved.txID,
      status: 'FAILED',
      blockNumber: BigInt(block.number),
      confirmations: 1n,
    });
    mineTronBlock(chain);
    expect((await status(signed.txID)).json.data).toMatchObject({ status: 'CONFIRMED', confirmations: 2n });

    expect((await status('ab'.repeat(32))).json.data).toMatchObject({
      status: 'NOT_FOUND',
      blockNumber: null,
    });
    for (const bad of ['ab'.repeat(31), 'zz'.repeat(32), signed.txID + '00']) {
      const res = await status(bad);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'txHash must be the txID: 64 hex digits',
      });
    }
  });

  it("answers GET /api/fees/tron with the network's energy and bandwidth prices, read from the node once for every caller", async () => {
    const parameterReads = () => node.requests.filter((r) => r.path === '/wallet/getchainparameters').length;
    const before = parameterReads();
    const burst = await Promise.all(Array.from({ length: 20 }, () => t.get('/api/fees/tron')));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect(burst[0]!.json.data).toEqual({
      chain: 'tron',
      chainId: null,
      mode: 'TRON',
      baseFeePerGas: null,
      slow: null,
      standard: null,
      fast: null,
      solana: null,
      tron: { energyPrice: 210n, bandwidthPrice: 1000n },
    });
    expect(new Set(burst.map((r) => r.text)).size).toBe(1);
    // The TRC-20 prepare above may already have read them: at most one read for the whole burst.
    expect(parameterReads() - before).toBeLessThanOrEqual(1);
    chain.down = true;
    try {
      // Served from memory for CHAIN_PARAMETERS_TTL_MS: a node blip does not fail the answer.
      expect((await t.get('/api/fees/tron')).json.data.tron).toEqual({
        energyPrice: 210n,
        bandwidthPrice: 1000n,
      });
    } finally {
      chain.down = false;
    }
  });

  it('answers GET /api/fees/tron 503 SERVICE_UNAVAILABLE while a node it has no parameters from is down, and keeps no failure', async () => {
    const fresh = await startTxTestApp([], { tron: { url: node.url, apiKey: 'grid-key' } });
    try {
      chain.down = true;
      expect((await fresh.get('/api/fees/tron')).json.code).toBe('SERVICE_UNAVAILABLE');
      chain.down = false;
      expect((await fresh.get('/api/fees/tron')).status).toBe(200);
    } finally {
      chain.down = false;
      await fresh.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE while the node answers 503, and serves again after', async () => {
    chain.down = true;
    try {
      for (const body of [
        { txType: 'TRANSFER_NATIVE', amountWei: 1n },
        { txType: 'TRANSFER_TOKEN', tokenContract: USDT, amountWei: 1n },
      ]) {
        const res = await t.post('/api/txs/prepare-sign', { chain: 'tron', from: a, to: b, ...body });
        expect(res.status).toBe(503);
        expect(res.json).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      chain.down = false;
    }
    expect(
      (
        await t.post('/api/txs/prepare-sign', {
          chain: 'tron',
          from: a,
          to: b,
          txType: 'TRANSFER_NATIVE',
          amountWei: 1n,
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['an invalid sender', { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, 400, 'INVALID_ADDRESS'],
    ['a bad checksum', { to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 400, 'INVALID_ADDRESS'],
    ['amount 0', { amountWei: 0n }, 400, 'VALIDATION_ERROR'],
    ['more sun than an int64', { amountWei: 2n ** 63n }, 400, 'VALIDATION_ERROR'],
    [
      'a transfer to oneself',
      { to: KEY_A && TronWeb.address.fromPrivateKey(KEY_A) },
      400,
      'VALIDATION_ERROR',
    ],
    ['a nonce', { nonce: 1 }, 400, 'VALIDATION_ERROR'],
    ['a priority multiplier', { priorityFeeMultiplier: '1.5' }, 400, 'VALIDATION_ERROR'],
    [
      'a token amount above the balance',
      { txType: 'TRANSFER_TOKEN', tokenContract: USDT, amountWei: 10n ** 12n },
      422,
      'SIMULATION_FAILED',
    ],
    [
      'a contract that is no token',
      { txType: 'TRANSFER_TOKEN', tokenContract: UNLISTED, amountWei: 1n },
      422,
      'SIMULATION_FAILED',
    ],
    [
      'a human amount of an unregistered token',
      { txType: 'TRANSFER_TOKEN', tokenContract: UNLISTED, amount: '1', amountWei: null },
      400,
      'DECIMALS_UNRESOLVED',
    ],
  ])('answers %s', async (_name, override, status, code) => {
    const res = await t.post('/api/txs/prepare-sign', {
      chain: 'tron',
      from: a,
      to: b,
      txType: 'TRANSFER_NATIVE',
      amountWei: 1000n,
      ...override,
    });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ ok: false, code });
    if (code === 'SIMULATION_FAILED' && (override as { tokenContract?: string }).tokenContract === USDT) {
      expect(res.json.message).toContain('ERC20: transfer amount exceeds balance');
    }
  });
});
