import { ErrorCode } from '@chainwire/core';
import { deciderSpec } from '@chainwire/event-store/testing';
import { SwapErrorCode } from '../swap-errors';
import { type ObservedTransaction, swapDecider, type SwapCommand, type SwapStatus } from './swap.decider';
import { swapEventId } from './swap-ids';
import {
  SWAP_COMPLETED,
  SWAP_EXPIRED,
  SWAP_FAILED,
  SWAP_QUOTED,
  SWAP_SUBMITTED,
  SWAP_TRANSACTION_REVERTED,
  type SwapEvent,
  type SwapQuotedData,
} from './swap.events';

const QUOTE_ID = '0b7f5d6e-1c2a-4b3d-8e9f-0a1b2c3d4e5f';
const FROM = '0x00000000000000000000000000000000000000aA';
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const DATA_HASH = '0x' + 'ab'.repeat(32);
const T0 = '2026-01-01T00:00:00.000Z';
const EXPIRES = '2026-01-01T00:01:00.000Z';
const AFTER = '2026-01-01T00:02:00.000Z';
const EXPIRES_S = Date.parse(EXPIRES) / 1000;

const quoted: SwapQuotedData = {
  quoteId: QUOTE_ID,
  apiKeyId: 'key-1',
  provider: 'uniswap-v2',
  srcChain: 'ethereum',
  dstChain: 'ethereum',
  srcToken: 'native',
  dstToken: '0x00000000000000000000000000000000000000bB',
  srcAmount: '1000',
  dstAmount: '900',
  minDstAmount: '895',
  slippageBps: 50,
  priceImpactBps: 3,
  from: FROM,
  rawProviderRef: 'path',
  tx: { to: ROUTER, data: '0x1234', dataHash: DATA_HASH, valueWei: '1000', approval: null },
  liquidityFee: '3',
  liquidityFeeBps: 30,
  fallbackGas: '200000',
  expiresAt: EXPIRES,
  at: T0,
};

const tx = (over: Partial<ObservedTransaction> = {}): ObservedTransaction => ({
  chain: 'ethereum',
  txHash: '0x' + '11'.repeat(32),
  blockNumber: '7',
  blockHash: '0x' + '22'.repeat(32),
  timestamp: EXPIRES_S - 10,
  from: FROM.toLowerCase(),
  to: ROUTER,
  inputHash: DATA_HASH,
  status: 'success',
  observedEventId: 'obs-1',
  ...over,
});

const obs = (t: ObservedTransaction, at = T0) => ({
  quoteId: QUOTE_ID,
  chain: t.chain,
  txHash: t.txHash,
  blockNumber: t.blockNumber,
  blockHash: t.blockHash,
  timestamp: t.timestamp,
  observedEventId: t.observedEventId,
  at,
});

const Q: SwapEvent = { type: SWAP_QUOTED, data: quoted };
const submittedBy = (t: ObservedTransaction): SwapEvent => ({ type: SWAP_SUBMITTED, data: obs(t) });
const completedBy = (t: ObservedTransaction): SwapEvent => ({ type: SWAP_COMPLETED, data: obs(t) });
const failedBy = (t: ObservedTransaction): SwapEvent => ({
  type: SWAP_FAILED,
  data: { ...obs(t), reason: 'the transaction reverted' },
});
const expired: SwapEvent = { type: SWAP_EXPIRED, data: { quoteId: QUOTE_ID, expiresAt: EXPIRES, at: AFTER } };
const revertedBy = (t: ObservedTransaction): SwapEvent => ({ type: SWAP_TRANSACTION_REVERTED, data: obs(t) });

const ok = tx();
const bad = tx({ status: 'reverted', observedEventId: 'obs-bad', txHash: '0x' + '33'.repeat(32) });

const observe = (t: ObservedTransaction, at = T0): SwapCommand => ({
  type: 'ObserveTransaction',
  data: { tx: t, at },
});
const revert = (t: ObservedTransaction, at = T0): SwapCommand => ({
  type: 'RevertObservation',
  data: { tx: t, at },
});
const expire = (at = AFTER): SwapCommand => ({ type: 'Expire', data: { at } });

const spec = deciderSpec(swapDecider);

const histories: Record<SwapStatus, SwapEvent[]> = {
  QUOTED: [Q],
  COMPLETED: [Q, submittedBy(ok), completedBy(ok)],
  FAILED: [Q, submittedBy(bad), failedBy(bad)],
  EXPIRED: [Q, expired],
  SUBMITTED: [Q, submittedBy(ok), completedBy(ok), revertedBy(ok)],
};

describe('swap decider', () => {
  it.each(Object.entries(histories))('folds a %s history to that status', (status, events) => {
    expect(spec.given(...events).state()?.status).toBe(status);
  });

  describe('Quote', () => {
    it('opens the stream QUOTED', () => {
      const state = spec
        .given()
        .when({ type: 'Quote', data: quoted })
        .then({ id: swapEventId(QUOTE_ID, 'quoted'), type: SWAP_QUOTED, data: quoted });
      expect(state).toMatchObject({ status: 'QUOTED', txHash: null });
    });
    it('refuses a quote id used already', () => {
      spec
        .given(Q)
        .when({ type: 'Quote', data: quoted })
        .thenRefuses({ status: 409, code: ErrorCode.CONFLICT });
    });
  });

  describe('ObserveTransaction', () => {
    it('QUOTED + success → SUBMITTED then COMPLETED, with deterministic ids', () => {
      const state = spec
        .given(Q)
        .when(observe(ok))
        .then(
          { id: swapEventId(QUOTE_ID, 'submitted', 'obs-1'), ...submittedBy(ok) },
          { id: swapEventId(QUOTE_ID, 'outcome', 'obs-1'), ...completedBy(ok) },
        );
      expect(state).toMatchObject({ status: 'COMPLETED', txHash: ok.txHash, outcomeEventId: 'obs-1' });
    });
    it('QUOTED + reverted → SUBMITTED then FAILED', () => {
      const state = spec.given(Q).when(observe(bad)).then(submittedBy(bad), failedBy(bad));
      expect(state?.status).toBe('FAILED');
    });
    it.each([
      ['another sender', tx({ from: '0x00000000000000000000000000000000000000cC' })],
      ['another contract', tx({ to: '0x00000000000000000000000000000000000000dD' })],
      ['other calldata', tx({ inputHash: '0x' + 'cd'.repeat(32) })],
      ['another chain', tx({ chain: 'polygon' })],
    ])('ignores a transaction with %s', (_, other) => {
      spec.given(Q).when(observe(other)).then();
    });
    it('ignores a transaction for a quote it does not know', () => {
      spec.given().when(observe(ok)).then();
    });
    it('EXPIRED + a transaction mined by the deadline → its outcome (the timer ran first)', () => {
      const state = spec.given(Q, expired).when(observe(ok)).then(submittedBy(ok), completedBy(ok));
      expect(state?.status).toBe('COMPLETED');
    });
    it('EXPIRED + a transaction mined after the deadline → nothing', () => {
      spec
        .given(Q, expired)
        .when(observe(tx({ status: 'reverted', timestamp: EXPIRES_S + 1 })))
        .then();
    });
    it('SUBMITTED (after a reorg) + the transaction mined again → the outcome only', () => {
      const again = tx({ blockHash: '0x' + '44'.repeat(32), observedEventId: 'obs-2' });
      const state = spec
        .given(...histories.SUBMITTED)
        .when(observe(again))
        .then(completedBy(again));
      expect(state).toMatchObject({ status: 'COMPLETED', outcomeEventId: 'obs-2' });
    });
    it('FAILED + a successful retry with the same calldata → COMPLETED', () => {
      const state = spec
        .given(...histories.FAILED)
        .when(observe(ok))
        .then(completedBy(ok));
      expect(state?.status).toBe('COMPLETED');
    });
    it('FAILED + another revert → nothing', () => {
      spec
        .given(...histories.FAILED)
        .when(observe(tx({ status: 'reverted', observedEventId: 'obs-3' })))
        .then();
    });
    it('COMPLETED + anything → nothing', () => {
      spec
        .given(...histories.COMPLETED)
        .when(observe(tx({ observedEventId: 'obs-4' })))
        .then();
    });
  });

  describe('RevertObservation (reorg)', () => {
    it('COMPLETED + its transaction reverted → SUBMITTED, the hash kept', () => {
      const state = spec
        .given(...histories.COMPLETED)
        .when(revert(ok))
        .then({ id: swapEventId(QUOTE_ID, 'reverted', 'obs-1'), ...revertedBy(ok) });
      expect(state).toMatchObject({ status: 'SUBMITTED', txHash: ok.txHash, outcomeEventId: null });
    });
    it('FAILED + its transaction reverted → SUBMITTED', () => {
      expect(
        spec
          .given(...histories.FAILED)
          .when(revert(bad))
          .then(revertedBy(bad))?.status,
      ).toBe('SUBMITTED');
    });
    it('ignores the reversal of a transaction the swap does not rest on', () => {
      spec
        .given(...histories.COMPLETED)
        .when(revert(bad))
        .then();
      spec.given(Q).when(revert(ok)).then();
      spec
        .given(...histories.SUBMITTED)
        .when(revert(ok))
        .then();
    });
  });

  describe('Expire', () => {
    it('QUOTED at expiresAt → EXPIRED', () => {
      const state = spec
        .given(Q)
        .when(expire(EXPIRES))
        .then({
          id: swapEventId(QUOTE_ID, 'expired'),
          type: SWAP_EXPIRED,
          data: { quoteId: QUOTE_ID, expiresAt: EXPIRES, at: EXPIRES },
        });
      expect(state?.status).toBe('EXPIRED');
    });
    it('refuses before expiresAt', () => {
      spec
        .given(Q)
        .when(expire('2026-01-01T00:00:59.999Z'))
        .thenRefuses({ status: 409, code: ErrorCode.CONFLICT });
    });
    it('refuses an unknown quote', () => {
      spec.given().when(expire()).thenRefuses({ status: 404, code: SwapErrorCode.QUOTE_NOT_FOUND });
    });
    it.each(['COMPLETED', 'FAILED', 'EXPIRED', 'SUBMITTED'] as const)('%s → nothing', (status) => {
      spec
        .given(...histories[status])
        .when(expire())
        .then();
    });
  });
});
