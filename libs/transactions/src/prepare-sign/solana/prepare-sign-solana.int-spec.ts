import { createPublicKey, verify } from 'node:crypto';
import {
  createAssociatedTokenAccountInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
} from '@solana/spl-token';
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Connection,
  Keypair,
  type PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { startSolanaRpcProcess, type SolanaRpcProcess } from '@test/support/solana-rpc/solana-rpc-process';
import { encodeBase58 } from '@test/support/solana-rpc/solana-rpc-server';
import { startTxTestApp, type TxTestApp } from '../../testing/tx-test-app';

/** fee.sol as parsed losslessly (integers are bigints). */
interface SolWire {
  bh: string;
  lvbh: bigint;
  ns: bigint;
  bf: bigint;
  cu: bigint;
  cup: bigint;
  pf: bigint;
  tf: bigint;
  msg: string;
  signers: string[];
}
interface SolanaPreparedWire {
  chain: string;
  chainId: null;
  nonce: null;
  from: string;
  to: string;
  valueWei: bigint;
  tokenContract: string | null;
  fee: { mode: string; sol: SolWire };
}

const SOL = 1_000_000_000n;
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

describe('POST /api/txs/prepare-sign on Solana (LiteSVM behind a JSON-RPC node)', () => {
  let node: SolanaRpcProcess;
  let t: TxTestApp;
  let connection: Connection;
  const payer = Keypair.generate();
  const mintAuthority = Keypair.generate();

  beforeAll(async () => {
    node = await startSolanaRpcProcess();
    connection = new Connection(node.url, 'confirmed');
    await connection.requestAirdrop(payer.publicKey, Number(100n * SOL));
    await connection.requestAirdrop(mintAuthority.publicKey, Number(10n * SOL));
    t = await startTxTestApp([], { solana: { url: node.url } });
  });
  afterAll(async () => {
    await t?.close();
    // Any crash of the test node while the specs ran (see solana-rpc-process.ts) fails here, with its words.
    const crashed = node?.exited();
    await node?.stop();
    expect({ crashed, stderr: node?.stderr() }).toEqual({ crashed: undefined, stderr: '' });
  });

  const balance = async (key: PublicKey) => BigInt(await connection.getBalance(key));
  const rentMinimum = async (size: number) =>
    BigInt(await connection.getMinimumBalanceForRentExemption(size));

  /** Signs and sends a setup transaction (not the product's path). */
  async function execute(instructions: Parameters<Transaction['add']>, signers: Keypair[] = [payer]) {
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: blockhash });
    tx.add(...instructions);
    tx.sign(...signers);
    await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
  }

  async function prepare(body: Record<string, unknown>): Promise<SolanaPreparedWire> {
    const res = await t.post('/api/txs/prepare-sign', { chain: 'solana', ...body });
    if (res.status !== 200) {
      throw new Error(
        `prepare-sign answered ${res.status}: ${res.text} (node: ${node.exited() ?? 'up'} ${node.stderr()})`,
      );
    }
    return res.json.data as unknown as SolanaPreparedWire;
  }

  /**
   * What a wallet does with the answer: deserialize msg, check it against the fee details, sign it with the
   * payer's key, verify the signature independently (node:crypto ed25519), send it over JSON-RPC.
   */
  async function signAndSend(prepared: SolanaPreparedWire, signer: Keypair) {
    const sol = prepared.fee.sol;
    const bytes = Buffer.from(sol.msg, 'base64');
    const message = VersionedMessage.deserialize(bytes);
    expect(message.version).toBe('legacy');
    expect(message.recentBlockhash).toBe(sol.bh);
    expect(BigInt(message.header.numRequiredSignatures)).toBe(sol.ns);
    expect(message.staticAccountKeys.slice(0, Number(sol.ns)).map((k) => k.toBase58())).toEqual(sol.signers);
    const instructions = TransactionMessage.decompile(message).instructions;
    expect(instructions.slice(0, 2).map((ix) => ix.programId.equals(ComputeBudgetProgram.programId))).toEqual(
      [true, true],
    );
    expect(BigInt(ComputeBudgetInstruction.decodeSetComputeUnitLimit(instructions[0]!).units)).toBe(sol.cu);
    expect(BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(instructions[1]!).microLamports)).toBe(
      sol.cup,
    );

    const tx = new VersionedTransaction(message);
    tx.sign([signer]);
    const publicKey = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, signer.publicKey.toBuffer()]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, bytes, publicKey, Buffer.from(tx.signatures[0]!))).toBe(true);
    expect(
      verify(null, Buffer.concat([bytes, Buffer.from([0])]), publicKey, Buffer.from(tx.signatures[0]!)),
    ).toBe(false);
    const sent = await send(Buffer.from(tx.serialize()).toString('base64'));
    expect(sent.status).toBe(200);
    expect(sent.json.data).toEqual({ txHash: encodeBase58(Buffer.from(tx.signatures[0]!)) });
    return instructions;
  }

  /** prepare-sign's message moving 1 SOL from the payer to a new account. */
  async function preparedSolToNewAccount() {
    const recipient = Keypair.generate().publicKey;
    const prepared = await prepare({
      from: payer.publicKey.toBase58(),
      to: recipient.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amountWei: SOL,
    });
    return { recipient, message: VersionedMessage.deserialize(Buffer.from(prepared.fee.sol.msg, 'base64')) };
  }

  /** A new account funded with 1 SOL, and its signed transfer of 2 SOL to `recipient`: it cannot succeed. */
  async function overdrawing(recipient: PublicKey) {
    const poor = Keypair.generate();
    await connection.requestAirdrop(poor.publicKey, Number(SOL));
    const { blockhash } = await connection.getLatestBlockhash();
    const overdraw = new Transaction({ feePayer: poor.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: recipient, lamports: 2n * SOL }),
    );
    overdraw.sign(poor);
    return { poor, overdraw };
  }

  /** The product's broadcast: POST /api/txs/send, through the node's sendTransaction with preflight. */
  const send = (signedTx: unknown) => t.post('/api/txs/send', { chain: 'solana', signedTx });

  function expectFeeArithmetic(sol: SolWire) {
    expect(sol.bf).toBe(5000n * sol.ns);
    expect(sol.pf).toBe((sol.cu * sol.cup + 999_999n) / 1_000_000n);
    expect(sol.tf).toBe(sol.bf + sol.pf);
    expect(sol.cu).toBeGreaterThan(0n);
  }

  it("prices cup at the 75th percentile of the writable accounts' recent fees and moves exactly the lamports, charging exactly tf", async () => {
    const recipient = Keypair.generate().publicKey;
    const other = Keypair.generate().publicKey;
    // Five slots: four transactions write-locking payer and recipient at 1000…4000 µlamports, one that does not.
    for (const price of [3000, 1000, 4000, 2000]) {
      await execute([
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }),
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: recipient,
          lamports: SOL + BigInt(price),
        }),
      ]);
    }
    await execute([
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 99_999 }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other, lamports: SOL }),
    ]);
    // Samples per slot for [payer, recipient]: 3000, 1000, 4000, 2000, 0 → nearest rank 4 of 5 = 3000.
    const prepared = await prepare({
      from: payer.publicKey.toBase58(),
      to: recipient.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amountWei: 123_456_789n,
    });
    expect(prepared).toMatchObject({
      chain: 'solana',
      chainId: null,
      nonce: null,
      from: payer.publicKey.toBase58(),
      to: recipient.toBase58(),
      valueWei: 123_456_789n,
      tokenContract: null,
      fee: { mode: 'SOLANA' },
    });
    const sol = prepared.fee.sol;
    expect(sol.cup).toBe(3000n);
    expect(sol.signers).toEqual([payer.publicKey.toBase58()]);
    const latest = await connection.getLatestBlockhash();
    expect(sol.bh).toBe(latest.blockhash);
    expect(sol.lvbh).toBe(BigInt(latest.lastValidBlockHeight));
    expectFeeArithmetic(sol);

    const doubled = await prepare({
      from: payer.publicKey.toBase58(),
      to: recipient.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amount: '0.123456789',
      priorityFeeMultiplier: '2',
    });
    expect(doubled.valueWei).toBe(123_456_789n);
    expect(doubled.fee.sol.cup).toBe(6000n);

    // GET /api/fees over the same accounts: 50th / 75th / 90th percentile; standard is prepare-sign's price.
    const fees = await t.get(
      `/api/fees/solana?accounts=${payer.publicKey.toBase58()},${recipient.toBase58()}`,
    );
    expect(fees.status).toBe(200);
    const level = (computeUnitPrice: bigint) => ({
      maxPriorityFeePerGas: null,
      maxFeePerGas: null,
      gasPrice: null,
      computeUnitPrice,
    });
    expect(fees.json.data).toEqual({
      chain: 'solana',
      chainId: null,
      mode: 'SOLANA',
      baseFeePerGas: null,
      slow: level(2000n), // samples 0, 1000, 2000, 3000, 4000: rank ceil(2.5) = 3
      standard: level(sol.cup),
      fast: level(4000n),
      solana: { lamportsPerSignature: 5000n, slots: expect.any(BigInt) },
      tron: null,
    });
    expect((fees.json.data as { solana: { slots: bigint } }).solana.slots).toBeGreaterThanOrEqual(5n);
    const global = (await t.get('/api/fees/solana')).json.data as {
      slow: { computeUnitPrice: bigint };
      fast: { computeUnitPrice: bigint };
    };
    expect(global.slow.computeUnitPrice).toBeLessThanOrEqual(global.fast.computeUnitPrice);
    for (const [query, code] of [
      ['accounts=not-a-key', 'INVALID_ADDRESS'],
      [
        `accounts=${Array.from({ length: 129 }, () => payer.publicKey.toBase58()).join(',')}`,
        'VALIDATION_ERROR',
      ],
    ] as const) {
      const res = await t.get(`/api/fees/solana?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe(code);
    }

    const [payerBefore, recipientBefore] = [await balance(payer.publicKey), await balance(recipient)];
    const instructions = await signAndSend(prepared, payer);
    expect(instructions).toHaveLength(3);
    expect((await balance(recipient)) - recipientBefore).toBe(123_456_789n);
    expect(payerBefore - (await balance(payer.publicKey))).toBe(123_456_789n + sol.tf);
  });

  it("send refuses what is not a signed Solana transaction (400 VALIDATION_ERROR) and answers the node's refusals as 400 BROADCAST_REJECTED", async () => {
    const { recipient, message } = await preparedSolToNewAccount();
    const unsigned = new VersionedTransaction(message);
    for (const [signedTx, reason] of [
      [
        Buffer.from(unsigned.serialize()).toString('base64'),
        new RegExp(`not signed by every required signer \\(missing: ${payer.publicKey.toBase58()}\\)`),
      ],
      ['AQID', /does not decode as a Solana transaction/],
      ['not base64!', /base64/],
      ['0x02f86b', /does not decode as a Solana transaction/], // 0x hex is base64 text too
      [{ txID: 'ab' }, /base64/],
    ] as const) {
      const res = await send(signedTx);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(reason) });
    }

    // A signature that does not verify: the node refuses it.
    const forged = new VersionedTransaction(message);
    forged.sign([payer]);
    forged.signatures[0]![0]! ^= 0xff;
    const bad = await send(Buffer.from(forged.serialize()).toString('base64'));
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('BROADCAST_REJECTED');

    // Signed well: accepted once, then the same transaction again is the node's refusal, not a second transfer.
    const signed = new VersionedTransaction(message);
    signed.sign([payer]);
    const wire = Buffer.from(signed.serialize()).toString('base64');
    expect((await send(wire)).status).toBe(200);
    expect(await balance(recipient)).toBe(SOL);
    const again = await send(wire);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('BROADCAST_REJECTED');
    expect(await balance(recipient)).toBe(SOL);

    // More lamports than the payer holds: the preflight fails.
    const { overdraw } = await overdrawing(recipient);
    const refused = await send(overdraw.serialize().toString('base64'));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'BROADCAST_REJECTED',
      message: expect.stringMatching(/simulation failed/i),
    });
    expect(await balance(recipient)).toBe(SOL);
  });

  it('answers the status of a sent transaction by its signature: CONFIRMED in its slot, FAILED when it landed failing, NOT_FOUND when unknown', async () => {
    const { recipient, message } = await preparedSolToNewAccount();
    const signed = new VersionedTransaction(message);
    signed.sign([payer]);
    const sent = await send(Buffer.from(signed.serialize()).toString('base64'));
    const signature = (sent.json.data as { txHash: string }).txHash;
    const status = async (id: string) => t.get(`/api/txs/status/solana/${id}`);

    const first = await status(signature);
    expect(first.status).toBe(200);
    const landedAt = (first.json.data as { blockNumber: bigint }).blockNumber;
    expect(first.json.data).toEqual({
      chain: 'solana',
      txHash: signature,
      status: 'CONFIRMED',
      blockNumber: landedAt,
      confirmations: BigInt(await connection.getSlot('confirmed')) - landedAt + 1n,
    });

    // Failing on chain: sent without preflight, it lands with its error and its fee charged.
    const { poor, overdraw } = await overdrawing(recipient);
    const failing = await connection.sendRawTransaction(overdraw.serialize(), { skipPreflight: true });
    const failed = (await status(failing)).json.data as {
      status: string;
      blockNumber: bigint;
      confirmations: bigint;
    };
    expect(failed.status).toBe('FAILED');
    expect(failed.blockNumber).toBeGreaterThan(landedAt);
    expect(failed.confirmations).toBe(
      BigInt(await connection.getSlot('confirmed')) - failed.blockNumber + 1n,
    );
    expect(await balance(poor.publicKey)).toBe(SOL - 5000n);

    // Older than the lockout depth: finalized, still CONFIRMED, its slot unchanged.
    for (let i = 0; i < 33; i++) {
      await execute([
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: BigInt(i + 1) }),
      ]);
    }
    expect((await status(signature)).json.data).toMatchObject({ status: 'CONFIRMED', blockNumber: landedAt });
    expect(((await status(signature)).json.data as { confirmations: bigint }).confirmations).toBeGreaterThan(
      33n,
    );

    // Landed but not yet voted on (processed only): PENDING until the cluster confirms it.
    const holdVotes = (hold: boolean) =>
      fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'fixture_holdVotes', params: [hold] }),
      });
    await holdVotes(true);
    try {
      const { message: next } = await preparedSolToNewAccount();
      const tx = new VersionedTransaction(next);
      tx.sign([payer]);
      const pending = (await send(Buffer.from(tx.serialize()).toString('base64'))).json.data as {
        txHash: string;
      };
      expect((await status(pending.txHash)).json.data).toEqual({
        chain: 'solana',
        txHash: pending.txHash,
        status: 'PENDING',
        blockNumber: null,
        confirmations: 0n,
      });
      await holdVotes(false);
      expect((await status(pending.txHash)).json.data).toMatchObject({ status: 'CONFIRMED' });
    } finally {
      await holdVotes(false);
    }

    const unknown = encodeBase58(Buffer.alloc(64, 7));
    expect((await status(unknown)).json.data).toMatchObject({
      status: 'NOT_FOUND',
      blockNumber: null,
      confirmations: 0n,
    });
    for (const bad of ['0x' + 'ab'.repeat(32), 'short', 'O'.repeat(88)]) {
      const res = await status(bad);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/base58/) });
    }
  });

  it('creates a new account with at least the rent-exempt minimum, and refuses less (400)', async () => {
    const fresh = Keypair.generate().publicKey;
    const minimum = await rentMinimum(0);
    const below = await t.post('/api/txs/prepare-sign', {
      chain: 'solana',
      from: payer.publicKey.toBase58(),
      to: fresh.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amountWei: minimum - 1n,
    });
    expect(below.status).toBe(400);
    expect(below.json).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(below.json.message).toContain(`${minimum} lamports`);

    const prepared = await prepare({
      from: payer.publicKey.toBase58(),
      to: fresh.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amountWei: minimum,
    });
    expect(prepared.fee.sol.cup).toBe(0n); // no recent transaction write-locked this new account
    expectFeeArithmetic(prepared.fee.sol);
    const payerBefore = await balance(payer.publicKey);
    await signAndSend(prepared, payer);
    expect(await balance(fresh)).toBe(minimum);
    expect(payerBefore - (await balance(payer.publicKey))).toBe(minimum + prepared.fee.sol.tf);
  });

  describe('SPL tokens (transferChecked)', () => {
    const mint = Keypair.generate();
    let senderAta: PublicKey;

    beforeAll(async () => {
      senderAta = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey);
      const mintRent = Number(await rentMinimum(MINT_SIZE));
      await execute(
        [
          SystemProgram.createAccount({
            fromPubkey: mintAuthority.publicKey,
            newAccountPubkey: mint.publicKey,
            space: MINT_SIZE,
            lamports: mintRent,
            programId: TOKEN_PROGRAM_ID,
          }),
          createInitializeMint2Instruction(mint.publicKey, 6, mintAuthority.publicKey, null),
          createAssociatedTokenAccountInstruction(
            mintAuthority.publicKey,
            senderAta,
            payer.publicKey,
            mint.publicKey,
          ),
          createMintToInstruction(mint.publicKey, senderAta, mintAuthority.publicKey, 1_000_000_000_000n),
        ],
        [mintAuthority, mint],
      );
    });

    const tokenBalance = async (ata: PublicKey) => {
      const account = await connection.getAccountInfo(ata);
      return account ? unpackAccount(ata, account).amount : undefined;
    };

    it("creates the recipient's associated token account when missing and moves the exact amount (decimals from the mint)", async () => {
      const recipient = Keypair.generate().publicKey;
      const recipientAta = getAssociatedTokenAddressSync(mint.publicKey, recipient);
      expect(await connection.getAccountInfo(recipientAta)).toBeNull();

      const prepared = await prepare({
        from: payer.publicKey.toBase58(),
        to: recipient.toBase58(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: mint.publicKey.toBase58(),
        amount: '12.345678',
      });
      expect(prepared).toMatchObject({
        valueWei: 0n,
        tokenContract: mint.publicKey.toBase58(),
        to: recipient.toBase58(),
      });
      expectFeeArithmetic(prepared.fee.sol);

      const [payerBefore, senderBefore] = [await balance(payer.publicKey), (await tokenBalance(senderAta))!];
      const instructions = await signAndSend(prepared, payer);
      expect(instructions).toHaveLength(4); // 2 × ComputeBudget, create ATA (idempotent), transferChecked
      expect(await tokenBalance(recipientAta)).toBe(12_345_678n);
      expect(senderBefore - (await tokenBalance(senderAta))!).toBe(12_345_678n);
      const rent = await rentMinimum(165);
      expect(payerBefore - (await balance(payer.publicKey))).toBe(prepared.fee.sol.tf + rent);

      // The account exists now: the next transfer is transferChecked alone, and needs fewer compute units.
      const again = await prepare({
        from: payer.publicKey.toBase58(),
        to: recipient.toBase58(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: mint.publicKey.toBase58(),
        amountWei: 1n,
      });
      expect(again.fee.sol.cu).toBeLessThan(prepared.fee.sol.cu);
      expect(await signAndSend(again, payer)).toHaveLength(3);
      expect(await tokenBalance(recipientAta)).toBe(12_345_679n);
    });

    it('answers 422 SIMULATION_FAILED when the sender holds too few tokens, and for a sender without a token account', async () => {
      const tooMuch = await t.post('/api/txs/prepare-sign', {
        chain: 'solana',
        from: payer.publicKey.toBase58(),
        to: Keypair.generate().publicKey.toBase58(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: mint.publicKey.toBase58(),
        amountWei: 10n ** 13n,
      });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.json).toMatchObject({ ok: false, code: 'SIMULATION_FAILED' });
      expect(tooMuch.json.message).toMatch(/InstructionError.*insufficient funds/i);

      const noAccount = await t.post('/api/txs/prepare-sign', {
        chain: 'solana',
        from: mintAuthority.publicKey.toBase58(),
        to: payer.publicKey.toBase58(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: mint.publicKey.toBase58(),
        amountWei: 1n,
      });
      expect(noAccount.status).toBe(422);
      expect(noAccount.json.message).toContain('has no token account');
    });

    it('refuses a human amount finer than the mint decimals (400)', async () => {
      const res = await t.post('/api/txs/prepare-sign', {
        chain: 'solana',
        from: payer.publicKey.toBase58(),
        to: Keypair.generate().publicKey.toBase58(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: mint.publicKey.toBase58(),
        amount: '1.0000001',
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(res.json.message).toContain('6 decimals');
    });
  });

  it("moves a Token-2022 token through the Token-2022 program (the mint's owner picks the program)", async () => {
    const mint = Keypair.generate();
    const program = TOKEN_2022_PROGRAM_ID;
    const senderAta = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey, false, program);
    await execute(
      [
        SystemProgram.createAccount({
          fromPubkey: mintAuthority.publicKey,
          newAccountPubkey: mint.publicKey,
          space: MINT_SIZE,
          lamports: Number(await rentMinimum(MINT_SIZE)),
          programId: program,
        }),
        createInitializeMint2Instruction(mint.publicKey, 9, mintAuthority.publicKey, null, program),
        createAssociatedTokenAccountInstruction(
          mintAuthority.publicKey,
          senderAta,
          payer.publicKey,
          mint.publicKey,
          program,
        ),
        createMintToInstruction(
          mint.publicKey,
          senderAta,
          mintAuthority.publicKey,
          5_000_000_000n,
          [],
          program,
        ),
      ],
      [mintAuthority, mint],
    );
    const recipient = Keypair.generate().publicKey;
    const prepared = await prepare({
      from: payer.publicKey.toBase58(),
      to: recipient.toBase58(),
      txType: 'TRANSFER_TOKEN',
      tokenContract: mint.publicKey.toBase58(),
      amount: '1.000000001',
    });
    const instructions = await signAndSend(prepared, payer);
    expect(instructions.slice(2).every((ix) => !ix.programId.equals(TOKEN_PROGRAM_ID))).toBe(true);
    expect(instructions[3]!.programId.equals(program)).toBe(true);
    const recipientAta = getAssociatedTokenAddressSync(mint.publicKey, recipient, false, program);
    const account = await connection.getAccountInfo(recipientAta);
    expect(account?.owner.equals(program)).toBe(true);
    expect(unpackAccount(recipientAta, account, program).amount).toBe(1_000_000_001n);
  });

  it('documents the fee union and every abbreviated field on the OpenAPI page', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).body) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const schemas = doc.components.schemas;
    const described = (schema: string, key: string) =>
      String(schemas[schema]!.properties[key]!.description ?? '');
    for (const key of ['bh', 'lvbh', 'ns', 'bf', 'cu', 'cup', 'pf', 'tf', 'msg', 'signers']) {
      expect(described('SolanaFeeDetailsDto', key)).toMatch(new RegExp(`^${key}: \\w`));
    }
    for (const key of ['h', 'n', 't', 'p', 'r', 'w', 'v']) {
      expect(described('TronReferenceBlockDto', key)).toMatch(new RegExp(`^${key}: \\w`));
    }
    // OpenAPI 3.0 ignores a $ref's siblings: rp's description is its component's.
    expect(schemas.TronTxFeeDto!.properties.rp).toEqual({
      $ref: '#/components/schemas/TronReferenceBlockDto',
    });
    expect(String((schemas.TronReferenceBlockDto as { description?: string }).description)).toMatch(
      /^rp: reference block/,
    );
    expect(described('TronTxFeeDto', 'el')).toMatch(/^el: fee limit in sun/);
    expect(schemas.PrepareSignResult!.properties.fee!.oneOf).toEqual([
      { $ref: '#/components/schemas/TxFeeDto' },
      { $ref: '#/components/schemas/SolanaTxFeeDto' },
      { $ref: '#/components/schemas/TronTxFeeDto' },
    ]);
  });

  it.each([
    [
      'an invalid base58 sender',
      { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      400,
      'INVALID_ADDRESS',
    ],
    ['an invalid recipient', { to: 'not-base58-0OIl' }, 400, 'INVALID_ADDRESS'],
    [
      'an invalid mint',
      { txType: 'TRANSFER_TOKEN', tokenContract: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' },
      400,
      'INVALID_ADDRESS',
    ],
    [
      'a mint that does not exist',
      { txType: 'TRANSFER_TOKEN', tokenContract: Keypair.generate().publicKey.toBase58() },
      400,
      'UNKNOWN_TOKEN',
    ],
    [
      'an account that is no mint',
      { txType: 'TRANSFER_TOKEN', tokenContract: 'SysvarRent111111111111111111111111111111111' },
      400,
      'UNKNOWN_TOKEN',
    ],
    ['amount 0', { amountWei: 0n }, 400, 'VALIDATION_ERROR'],
    ['an amount above u64', { amountWei: 2n ** 64n }, 400, 'VALIDATION_ERROR'],
    ['a nonce', { nonce: 3 }, 400, 'VALIDATION_ERROR'],
    ['an EIP-1559 tip', { maxPriorityFeePerGasWei: 5n }, 400, 'VALIDATION_ERROR'],
    ['more lamports than the sender has', { amountWei: 10n ** 18n }, 422, 'SIMULATION_FAILED'],
  ])('answers %s', async (_name, override, status, code) => {
    const res = await t.post('/api/txs/prepare-sign', {
      chain: 'solana',
      from: payer.publicKey.toBase58(),
      to: mintAuthority.publicKey.toBase58(),
      txType: 'TRANSFER_NATIVE',
      amountWei: SOL,
      ...override,
    });
    expect({ status: res.status, code: res.json.code, node: node.exited() }).toEqual({
      status,
      code,
      node: undefined,
    });
    expect(res.json.ok).toBe(false);
  });
});
