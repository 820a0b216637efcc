import { blockIndexed, recorded, transferObserved, transferReverted } from '@chainwire/chain-events/testing';
import { aggregateNftHoldingDeltas } from './nft-holding-deltas';

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
const ZERO = '0x0000000000000000000000000000000000000000';
const NFT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const HUGE = (2n ** 256n - 1n).toString();
const block = blockIndexed('ethereum', 1, '0x01');

const deltasOf = (...events: ReturnType<typeof transferObserved>[]) =>
  Object.fromEntries(
    aggregateNftHoldingDeltas(events.map((e, i) => recorded(e, i))).map((d) => [
      `${d.contract}/${d.tokenId}/${d.owner}/${d.standard}`,
      d.amount,
    ]),
  );

describe('aggregateNftHoldingDeltas', () => {
  it('moves erc721 and erc1155 amounts per (contract, tokenId, owner), never holding for the zero address', () => {
    const nft = NFT.toLowerCase();
    const [a, b] = [A.toLowerCase(), B.toLowerCase()];
    expect(
      deltasOf(
        transferObserved(block, {
          kind: 'erc721',
          asset: NFT,
          from: ZERO,
          to: A,
          amount: 1n,
          ref: 'm',
          tokenId: '7',
        }),
        transferObserved(block, {
          kind: 'erc721',
          asset: NFT,
          from: A,
          to: B,
          amount: 1n,
          ref: 't',
          tokenId: '7',
        }),
        transferObserved(block, {
          kind: 'erc1155',
          asset: NFT,
          from: ZERO,
          to: A,
          amount: 10n,
          ref: 'x',
          tokenId: HUGE,
        }),
        transferObserved(block, {
          kind: 'erc1155',
          asset: NFT,
          from: A,
          to: ZERO,
          amount: 4n,
          ref: 'y',
          tokenId: HUGE,
        }),
        transferObserved(block, { kind: 'erc20', asset: NFT, from: A, to: B, amount: 5n, ref: 'z' }),
        transferObserved(block, { kind: 'native', from: A, to: B, amount: 5n, ref: 'v' }),
      ),
    ).toEqual({
      [`${nft}/7/${a}/ERC721`]: 0n,
      [`${nft}/7/${b}/ERC721`]: 1n,
      [`${nft}/${HUGE}/${a}/ERC1155`]: 6n,
    });
  });

  it('applies a TransferReverted as the reverse', () => {
    const sent = transferObserved(block, {
      kind: 'erc1155',
      asset: NFT,
      from: A,
      to: B,
      amount: 3n,
      ref: 's',
    });
    const deltas = aggregateNftHoldingDeltas([recorded(sent, 0), recorded(transferReverted(sent), 1)]);
    expect(deltas.map((d) => d.amount)).toEqual([0n, 0n]);
    expect(aggregateNftHoldingDeltas([recorded(transferReverted(sent), 0)]).map((d) => d.amount)).toEqual([
      3n,
      -3n,
    ]);
  });

  it('refuses a malformed token id instead of skipping the event', () => {
    const bad = transferObserved(block, {
      kind: 'erc721',
      asset: NFT,
      from: A,
      to: B,
      amount: 1n,
      ref: 'b',
      tokenId: '0x1',
    });
    expect(() => aggregateNftHoldingDeltas([recorded(bad, 0)])).toThrow(/tokenId must be a decimal integer/);
  });
});
