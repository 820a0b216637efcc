import { blockIndexed, recorded, transferObserved, transferReverted } from '@chainwire/chain-events/testing';
import { aggregateBalanceDeltas, balanceAsset } from './balance-deltas';

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const block = blockIndexed('ethereum', 1, '0x01');

const deltasOf = (...events: ReturnType<typeof transferObserved>[]) =>
  Object.fromEntries(
    aggregateBalanceDeltas(events.map((e, i) => recorded(e, i))).map((d) => [
      `${d.chain}/${d.address}/${d.asset}`,
      d.amount,
    ]),
  );

describe('aggregateBalanceDeltas', () => {
  it('sums per (chain, lower-case address, asset) and treats null sides as mint/burn', () => {
    const deltas = deltasOf(
      transferObserved(block, { kind: 'genesis', from: null, to: A, amount: 1000n, ref: 'g' }),
      transferObserved(block, { kind: 'native', from: A, to: B, amount: 300n, ref: 'v' }),
      transferObserved(block, { kind: 'fee', from: A, to: null, amount: 21n, ref: 'f' }),
      transferObserved(block, { kind: 'internal', from: B, to: A, amount: 5n, ref: 'i' }),
      transferObserved(block, { kind: 'erc20', asset: TOKEN, from: null, to: B, amount: 7n, ref: 't' }),
    );
    expect(deltas).toEqual({
      [`ethereum/${A.toLowerCase()}/native`]: 1000n - 300n - 21n + 5n,
      [`ethereum/${B.toLowerCase()}/native`]: 300n - 5n,
      [`ethereum/${B.toLowerCase()}/${TOKEN.toLowerCase()}`]: 7n,
    });
  });

  it('keeps no token balance for the zero address of mints and burns, but does for native ether', () => {
    const ZERO = '0x0000000000000000000000000000000000000000';
    const deltas = deltasOf(
      transferObserved(block, { kind: 'erc20', asset: TOKEN, from: ZERO, to: A, amount: 9n, ref: 'mint' }),
      transferObserved(block, { kind: 'erc20', asset: TOKEN, from: A, to: ZERO, amount: 4n, ref: 'burn' }),
      transferObserved(block, { kind: 'native', from: A, to: ZERO, amount: 2n, ref: 'v' }),
    );
    expect(deltas).toEqual({
      [`ethereum/${A.toLowerCase()}/${TOKEN.toLowerCase()}`]: 5n,
      [`ethereum/${A.toLowerCase()}/native`]: -2n,
      [`ethereum/${ZERO}/native`]: 2n,
    });
  });

  it('ignores erc721 and applies a revert as the reverse', () => {
    const nft = transferObserved(block, {
      kind: 'erc721',
      asset: TOKEN,
      from: A,
      to: B,
      amount: 1n,
      ref: 'n',
    });
    const sent = transferObserved(block, { kind: 'native', from: A, to: B, amount: 10n, ref: 'v' });
    expect(deltasOf(nft)).toEqual({});
    const aggregated = aggregateBalanceDeltas([recorded(sent, 0), recorded(transferReverted(sent), 1)]);
    // Keys netting zero stay in the result so batch boundaries never change which rows exist.
    expect(aggregated.map((d) => d.amount)).toEqual([0n, 0n]);
  });

  it('keeps amounts beyond 2^64 exact and keeps Tron base58 addresses as they are', () => {
    const huge = 2n ** 200n + 1n;
    const tron = blockIndexed('tron', 1, '0x02');
    const deltas = deltasOf(
      transferObserved(tron, {
        kind: 'native',
        from: null,
        to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        amount: huge,
        ref: 'x',
      }),
    );
    expect(deltas).toEqual({ 'tron/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/native': huge });
  });

  it('keeps TRC-20 and TRC-10 balances per token, Tron mints from the zero address crediting only the holder', () => {
    const tron = blockIndexed('tron', 2, '0x03');
    const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const holder = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
    const deltas = deltasOf(
      transferObserved(tron, {
        kind: 'trc20',
        asset: usdt,
        from: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
        to: holder,
        amount: 5n,
        ref: 'log:0',
      }),
      transferObserved(tron, {
        kind: 'trc10',
        asset: '1002000',
        from: holder,
        to: usdt,
        amount: 7n,
        ref: 'tx:1:trc10',
      }),
    );
    expect(deltas).toEqual({
      [`tron/${holder}/${usdt}`]: 5n,
      [`tron/${holder}/1002000`]: -7n,
      [`tron/${usdt}/1002000`]: 7n,
    });
  });

  it('rejects a malformed amount instead of skipping it', () => {
    const bad = transferObserved(block, { kind: 'native', from: A, to: B, amount: '1.5', ref: 'v' });
    expect(() => aggregateBalanceDeltas([recorded(bad, 0)])).toThrow(/decimal integer/);
  });

  it('maps kinds to balance assets', () => {
    expect(balanceAsset({ kind: 'fee', asset: 'native' })).toBe('native');
    expect(balanceAsset({ kind: 'erc20', asset: TOKEN })).toBe(TOKEN.toLowerCase());
    expect(balanceAsset({ kind: 'erc721', asset: TOKEN })).toBeNull();
    expect(balanceAsset({ kind: 'erc1155', asset: TOKEN })).toBeNull();
  });
});
