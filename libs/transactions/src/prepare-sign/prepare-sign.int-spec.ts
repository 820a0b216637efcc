import { encodeFunctionData, erc20Abi, getAddress, parseEther, type Address, type Hex } from 'viem';
import { addAsset, waitForReceipt } from '@chainwire/chains';
import { callFixture, deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { signPrepared, type PreparedWire } from '../testing/sign-prepared';
import { startTxTestApp, type TxTestApp } from '../testing/tx-test-app';

const E24 = 10n ** 24n;

describe('POST /api/txs/prepare-sign → sign → POST /api/txs/send', () => {
  let anvil: TestAnvil;
  let legacy: TestAnvil;
  let t: TxTestApp;
  let a: Address[];
  let token: Address;
  let bigToken: Address;
  let unregistered: Address;
  let reverter: Address;

  beforeAll(async () => {
    [anvil, legacy] = await Promise.all([
      startTestAnvil({ balanceEther: 3_000_000 }),
      startTestAnvil({ hardfork: 'berlin', chainId: 61 }),
    ]);
    a = anvil.accounts.map((x) => x.address);
    t = await startTxTestApp([
      { id: 'ethereum', rpcUrl: anvil.rpcUrl },
      { id: 'classic', rpcUrl: legacy.rpcUrl },
      { id: 'polygon' },
    ]);
    token = await deployFixture(anvil, 'DemoToken', ['Tx Test Dollar', 'TXD', 6]);
    bigToken = await deployFixture(anvil, 'DemoToken', ['Tx Big', 'TXB', 18]);
    unregistered = await deployFixture(anvil, 'DemoToken', ['Unlisted', 'UNL', 9]);
    reverter = await deployFixture(anvil, 'Reverter');
    for (const [contract, amount] of [
      [token, 1_000_000_000n],
      [bigToken, 3n * E24],
      [unregistered, 10n ** 12n],
    ] as const) {
      await waitMined(
        anvil,
        await callFixture(anvil.wallets[0], contract, 'DemoToken', 'mint', [a[1], amount]),
      );
    }
    await addAsset(t.db.dataSource, {
      chain: 'ethereum',
      contract: token,
      symbol: 'TXD',
      name: 'Tx Test Dollar',
      decimals: 6,
      type: 'erc20',
    });
    await addAsset(t.db.dataSource, {
      chain: 'ethereum',
      contract: bigToken,
      symbol: 'TXB',
      name: 'Tx Big',
      decimals: 18,
      type: 'erc20',
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([anvil?.stop(), legacy?.stop()]);
  });

  const tokenBalance = (contract: Address, owner: Address) =>
    anvil.publicClient.readContract({
      address: contract,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  async function prepare(body: unknown): Promise<PreparedWire> {
    const res = await t.post('/api/txs/prepare-sign', body);
    if (res.status !== 200) throw new Error(`prepare-sign answered ${res.status}: ${res.text}`);
    return res.json.data as unknown as PreparedWire;
  }

  /** Signs the prepared transaction with the sender's key, sends it through the API and waits for the receipt. */
  async function signAndSend(node: TestAnvil, prepared: PreparedWire, sender: number, chain = 'ethereum') {
    const signedTx = await signPrepared(prepared, node.accounts[sender]!.privateKey);
    const sent = await t.post('/api/txs/send', { chain, signedTx });
    expect(sent.status).toBe(200);
    const txHash = (sent.json.data as { txHash: Hex }).txHash;
    return waitForReceipt(node.publicClient, txHash);
  }

  it('moves exactly 10^24 wei with amountWei and the pending nonce, every digit exact on the wire', async () => {
    const before = await anvil.publicClient.getBalance({ address: a[2] });
    const nonce = await anvil.publicClient.getTransactionCount({ address: a[1], blockTag: 'pending' });
    const res = await t.post(
      '/api/txs/prepare-sign',
      `{"chain":"ethereum","from":"${a[1]}","to":"${a[2].toLowerCase()}","txType":"TRANSFER_NATIVE","amountWei":1000000000000000000000000}`,
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('"valueWei":1000000000000000000000000,');
    expect(res.text).toContain('"data":null,"txType":"TRANSFER_NATIVE","tokenContract":null');
    const prepared = res.json.data as unknown as PreparedWire;
    expect(res.json.data).toMatchObject({
      chain: 'ethereum',
      chainId: 31337n,
      from: a[1],
      to: a[2],
      nonce: BigInt(nonce),
    });
    expect(prepared.fee).toMatchObject({ mode: 'EIP1559', gasLimit: 21000n, gasPrice: null });
    const { baseFeePerGas, maxPriorityFeePerGas, maxFeePerGas } = prepared.fee as PreparedWire['fee'] & {
      baseFeePerGas: bigint;
    };
    expect(maxFeePerGas).toBe(2n * baseFeePerGas + maxPriorityFeePerGas!);

    const receipt = await signAndSend(anvil, prepared, 1);
    expect(receipt.status).toBe('success');
    expect((await anvil.publicClient.getBalance({ address: a[2] })) - before).toBe(E24);
  });

  it('moves a human amount with an explicit nonce', async () => {
    const before = await anvil.publicClient.getBalance({ address: a[3] });
    const nonce = await anvil.publicClient.getTransactionCount({ address: a[1], blockTag: 'pending' });
    const prepared = await prepare({
      chain: 'ethereum',
      from: a[1],
      to: a[3],
      txType: 'TRANSFER_NATIVE',
      amount: '0.123456789012345678',
      nonce,
    });
    expect(prepared.nonce).toBe(BigInt(nonce));
    expect(prepared.valueWei).toBe(123456789012345678n);
    expect((await signAndSend(anvil, prepared, 1)).status).toBe('success');
    expect((await anvil.publicClient.getBalance({ address: a[3] })) - before).toBe(123456789012345678n);
  });

  it('prepares an ERC-20 transfer from a human amount: to the contract, no value, transfer calldata', async () => {
    const before = await tokenBalance(token, a[4]);
    const prepared = await prepare({
      chain: 'ethereum',
      from: a[1],
      to: a[4],
      txType: 'TRANSFER_TOKEN',
      tokenContract: token.toLowerCase(),
      symbol: 'txd',
      amount: '12.5',
    });
    expect(prepared).toMatchObject({ to: getAddress(token), valueWei: 0n, tokenContract: getAddress(token) });
    expect(prepared.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a[4], 12_500_000n] }),
    );
    expect(prepared.fee.gasLimit).toBeGreaterThan(21000n);
    expect((await signAndSend(anvil, prepared, 1)).status).toBe('success');
    expect((await tokenBalance(token, a[4])) - before).toBe(12_500_000n);
  });

  it('moves 10^24 + 1 token units with amountWei and an explicit nonce', async () => {
    const before = await tokenBalance(bigToken, a[5]);
    const nonce = await anvil.publicClient.getTransactionCount({ address: a[1], blockTag: 'pending' });
    const res = await t.post(
      '/api/txs/prepare-sign',
      `{"chain":"ethereum","from":"${a[1]}","to":"${a[5]}","txType":"TRANSFER_TOKEN","tokenContract":"${bigToken}","amountWei":"1000000000000000000000001","nonce":${nonce}}`,
    );
    expect(res.status).toBe(200);
    const prepared = res.json.data as unknown as PreparedWire;
    expect((await signAndSend(anvil, prepared, 1)).status).toBe('success');
    expect((await tokenBalance(bigToken, a[5])) - before).toBe(E24 + 1n);
  });

  it('counts a transaction waiting in the pool: the next nonce follows it and both are mined', async () => {
    const before = await anvil.publicClient.getBalance({ address: a[6] });
    await anvil.testClient.setAutomine(false);
    try {
      const mined = await anvil.publicClient.getTransactionCount({ address: a[7] });
      const pooled = await anvil.wallets[7]!.sendTransaction({ to: a[6], value: parseEther('1') });
      const prepared = await prepare({
        chain: 'ethereum',
        from: a[7],
        to: a[6],
        txType: 'TRANSFER_NATIVE',
        amount: '2',
      });
      expect(prepared.nonce).toBe(BigInt(mined + 1));
      const signedTx = await signPrepared(prepared, anvil.accounts[7]!.privateKey);
      const sent = await t.post('/api/txs/send', { chain: 'ethereum', signedTx });
      expect(sent.status).toBe(200);
      const hash = (sent.json.data as { txHash: Hex }).txHash;
      expect((await t.get(`/api/txs/status/ethereum/${hash}`)).json.data).toMatchObject({
        status: 'PENDING',
        blockNumber: null,
        confirmations: 0n,
      });
      await anvil.testClient.mine({ blocks: 1 });
      for (const h of [pooled, hash]) expect(await waitMined(anvil, h)).toBe('success');
      const status = await t.get(`/api/txs/status/ethereum/${hash}`);
      expect(status.json.data).toMatchObject({ status: 'CONFIRMED', confirmations: 1n });
    } finally {
      await anvil.testClient.setAutomine(true);
    }
    expect((await anvil.publicClient.getBalance({ address: a[6] })) - before).toBe(parseEther('3'));
  });

  it('prepares a token transfer behind a token transfer waiting in the pool', async () => {
    const before = await tokenBalance(token, a[8]);
    await anvil.testClient.setAutomine(false);
    try {
      const mined = await anvil.publicClient.getTransactionCount({ address: a[1] });
      const pooled = await callFixture(anvil.wallets[1]!, token, 'DemoToken', 'transfer', [a[8], 1_000_000n]);
      const prepared = await prepare({
        chain: 'ethereum',
        from: a[1],
        to: a[8],
        txType: 'TRANSFER_TOKEN',
        tokenContract: token,
        amountWei: 2_000_000,
      });
      expect(prepared.nonce).toBe(BigInt(mined + 1));
      const signedTx = await signPrepared(prepared, anvil.accounts[1]!.privateKey);
      const sent = await t.post('/api/txs/send', { chain: 'ethereum', signedTx });
      expect(sent.status).toBe(200);
      await anvil.testClient.mine({ blocks: 1 });
      for (const hash of [pooled, (sent.json.data as { txHash: Hex }).txHash]) {
        expect(await waitMined(anvil, hash)).toBe('success');
      }
    } finally {
      await anvil.testClient.setAutomine(true);
    }
    expect((await tokenBalance(token, a[8])) - before).toBe(3_000_000n);
  });

  it('prepares LEGACY fees on a pre-London chain, and the node accepts them', async () => {
    const before = await legacy.publicClient.getBalance({ address: a[2] });
    const prepared = await prepare({
      chain: 'classic',
      from: a[1],
      to: a[2],
      txType: 'TRANSFER_NATIVE',
      amount: '1.5',
    });
    expect(prepared.chainId).toBe(61n);
    expect(prepared.fee).toMatchObject({
      mode: 'LEGACY',
      gasLimit: 21000n,
      baseFeePerGas: null,
      maxFeePerGas: null,
      maxPriorityFeePerGas: null,
    });
    const nodePrice = await legacy.publicClient.getGasPrice();
    expect(prepared.fee.gasPrice).toBe((nodePrice * 110n + 99n) / 100n);
    const receipt = await signAndSend(legacy, prepared, 1, 'classic');
    expect(receipt).toMatchObject({ status: 'success', type: 'legacy' });
    expect((await legacy.publicClient.getBalance({ address: a[2] })) - before).toBe(parseEther('1.5'));

    const tip = await t.post('/api/txs/prepare-sign', {
      chain: 'classic',
      from: a[1],
      to: a[2],
      txType: 'TRANSFER_NATIVE',
      amount: '1',
      maxPriorityFeePerGasWei: 5,
    });
    expect(tip.status).toBe(400);
    expect(tip.json.code).toBe('VALIDATION_ERROR');
    const scaled = await prepare({
      chain: 'classic',
      from: a[1],
      to: a[2],
      txType: 'TRANSFER_NATIVE',
      amount: '1',
      priorityFeeMultiplier: '2',
    });
    expect(scaled.fee.gasPrice).toBe(((nodePrice * 110n + 99n) / 100n) * 2n);
  });

  it('applies a tip override and a tip multiplier on an EIP-1559 chain', async () => {
    const base = { chain: 'ethereum', from: a[1], to: a[2], txType: 'TRANSFER_NATIVE', amountWei: 1 };
    const standard = await prepare(base);
    const override = await prepare({ ...base, maxPriorityFeePerGasWei: 3_000_000_007n });
    const headroom = standard.fee.maxFeePerGas! - standard.fee.maxPriorityFeePerGas!;
    expect(override.fee).toMatchObject({
      maxPriorityFeePerGas: 3_000_000_007n,
      maxFeePerGas: headroom + 3_000_000_007n,
    });
    const doubled = await prepare({ ...base, priorityFeeMultiplier: '2' });
    expect(doubled.fee.maxPriorityFeePerGas).toBe(standard.fee.maxPriorityFeePerGas! * 2n);
    expect((await signAndSend(anvil, override, 1)).status).toBe('success');
  });

  it('answers a transfer that would revert with 422 SIMULATION_FAILED and the decoded reason', async () => {
    const tooMuch = await t.post('/api/txs/prepare-sign', {
      chain: 'ethereum',
      from: a[2],
      to: a[3],
      txType: 'TRANSFER_TOKEN',
      tokenContract: token,
      amount: '1',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json).toMatchObject({
      ok: false,
      code: 'SIMULATION_FAILED',
      message: 'ERC20: transfer amount exceeds balance',
    });
    const refused = await t.post('/api/txs/prepare-sign', {
      chain: 'ethereum',
      from: a[1],
      to: reverter,
      txType: 'TRANSFER_NATIVE',
      amountWei: 1,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Reverter: refuses ether');
    const unaffordable = await t.post('/api/txs/prepare-sign', {
      chain: 'ethereum',
      from: a[8],
      to: a[3],
      txType: 'TRANSFER_NATIVE',
      amount: '5000000',
    });
    expect(unaffordable.status).toBe(422);
    expect(unaffordable.json.message).toMatch(/insufficient funds/i);
  });

  it('needs registered decimals for a human token amount, not for amountWei', async () => {
    const human = await t.post('/api/txs/prepare-sign', {
      chain: 'ethereum',
      from: a[1],
      to: a[2],
      txType: 'TRANSFER_TOKEN',
      tokenContract: unregistered,
      symbol: 'UNL',
      amount: '1',
    });
    expect(human.status).toBe(400);
    expect(human.json.code).toBe('DECIMALS_UNRESOLVED');
    const exact = await prepare({
      chain: 'ethereum',
      from: a[1],
      to: a[2],
      txType: 'TRANSFER_TOKEN',
      tokenContract: unregistered,
      amountWei: 5,
    });
    expect(exact.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a[2], 5n] }),
    );
  });

  const valid = () => ({ chain: 'ethereum', from: a[1], to: a[2], txType: 'TRANSFER_NATIVE', amount: '1' });
  it.each([
    ['both amount and amountWei', () => ({ ...valid(), amountWei: 1 }), 'VALIDATION_ERROR'],
    ['neither amount nor amountWei', () => ({ ...valid(), amount: undefined }), 'VALIDATION_ERROR'],
    [
      'a token transfer without tokenContract',
      () => ({ ...valid(), txType: 'TRANSFER_TOKEN' }),
      'VALIDATION_ERROR',
    ],
    [
      'a native transfer with a tokenContract',
      () => ({ ...valid(), tokenContract: token }),
      'VALIDATION_ERROR',
    ],
    ['another txType', () => ({ ...valid(), txType: 'STAKE' }), 'UNSUPPORTED_TX_TYPE'],
    [
      'more fractional digits than 18',
      () => ({ ...valid(), amount: '0.0000000000000000001' }),
      'VALIDATION_ERROR',
    ],
    [
      'more fractional digits than the token has',
      () => ({ ...valid(), txType: 'TRANSFER_TOKEN', tokenContract: token, amount: '1.0000001' }),
      'VALIDATION_ERROR',
    ],
    ['a negative amount', () => ({ ...valid(), amount: '-1' }), 'VALIDATION_ERROR'],
    ['a negative amountWei', () => ({ ...valid(), amount: undefined, amountWei: -1 }), 'VALIDATION_ERROR'],
    [
      'an amountWei beyond uint256',
      () => ({ ...valid(), amount: undefined, amountWei: 2n ** 256n }),
      'VALIDATION_ERROR',
    ],
    [
      'a human amount beyond uint256 in smallest units',
      () => ({ ...valid(), amount: (2n ** 256n).toString() }),
      'VALIDATION_ERROR',
    ],
    [
      'a token amount beyond uint256 in smallest units',
      () => ({
        ...valid(),
        txType: 'TRANSFER_TOKEN',
        tokenContract: token,
        amount: `${2n ** 256n / 10n ** 6n + 1n}`,
      }),
      'VALIDATION_ERROR',
    ],
    [
      'a non-numeric amountWei',
      () => ({ ...valid(), amount: undefined, amountWei: 'lots' }),
      'VALIDATION_ERROR',
    ],
    ['a negative nonce', () => ({ ...valid(), nonce: -1 }), 'VALIDATION_ERROR'],
    ['a fractional nonce', () => ({ ...valid(), nonce: 1.5 }), 'VALIDATION_ERROR'],
    [
      'a tip with a multiplier',
      () => ({ ...valid(), maxPriorityFeePerGasWei: 1, priorityFeeMultiplier: '1.1' }),
      'VALIDATION_ERROR',
    ],
    ['a zero multiplier', () => ({ ...valid(), priorityFeeMultiplier: '0' }), 'VALIDATION_ERROR'],
    ['a multiplier above 10', () => ({ ...valid(), priorityFeeMultiplier: 11 }), 'VALIDATION_ERROR'],
    [
      'a symbol that is not the token',
      () => ({ ...valid(), txType: 'TRANSFER_TOKEN', tokenContract: token, symbol: 'USDC' }),
      'VALIDATION_ERROR',
    ],
    ['a missing chain', () => ({ ...valid(), chain: undefined }), 'VALIDATION_ERROR'],
    ['a bad recipient', () => ({ ...valid(), to: '0x1234' }), 'INVALID_ADDRESS'],
    [
      'a mis-checksummed sender',
      () => ({ ...valid(), from: a[1].replace(/[a-f]/, (c) => c.toUpperCase()) }),
      'INVALID_ADDRESS',
    ],
    [
      'a bad token contract',
      () => ({ ...valid(), txType: 'TRANSFER_TOKEN', tokenContract: 'usdc' }),
      'INVALID_ADDRESS',
    ],
    ['an unknown chain', () => ({ ...valid(), chain: 'narnia' }), 'UNKNOWN_CHAIN'],
    ['a chain without a node', () => ({ ...valid(), chain: 'polygon' }), 'UNSUPPORTED_CHAIN'],
    ['a non-EVM chain', () => ({ ...valid(), chain: 'bitcoin' }), 'UNSUPPORTED_CHAIN'],
    ['solana without SOLANA_RPC_URL', () => ({ ...valid(), chain: 'solana' }), 'UNSUPPORTED_CHAIN'],
    ['tron without TRON_RPC_URL', () => ({ ...valid(), chain: 'tron' }), 'UNSUPPORTED_CHAIN'],
  ])('answers %s with 400', async (_case, body, code) => {
    const res = await t.post('/api/txs/prepare-sign', body());
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
    expect(res.json.message).toEqual(expect.any(String));
  });
});
