import type { TronRoutes } from './tron-node-fixture';
import { TronFixtureHttpError } from './tron-node-fixture';

/** What the staking routes serve: the head block transactions are built on, and rewards per account. */
export interface TronStakingState {
  head: { number: number; timestamp: number; blockID: string };
  /** base58 address → unclaimed reward in sun. */
  rewards: Map<string, bigint>;
  /** The solidified block (`/walletsolidity/getnowblock`), the state `accounts` is at. */
  solidified: { number: number; timestamp: number; blockID: string };
  /** base58 address → `/walletsolidity/getaccount`'s answer (`visible: true`); `{}` for any other. */
  accounts: Map<string, Record<string, unknown>>;
  /** When set, the node answers this HTTP status (a node in trouble). */
  failWith?: number;
}

/**
 * `/wallet/getnowblock` (the head's `blockID` and `block_header.raw_data` {number, timestamp}),
 * `/walletsolidity/getnowblock` and `/walletsolidity/getaccount` (the solidified block and the accounts
 * as of it) and `/wallet/getReward` (`{reward}` in sun for `{address, visible: true}`; `{}` for an account
 * without one), in java-tron's wire shapes.
 */
export function tronStakingRoutes(state: TronStakingState): TronRoutes {
  const guard = () => {
    if (state.failWith !== undefined)
      throw new TronFixtureHttpError(state.failWith, { Error: 'unavailable' });
  };
  const blockJson = (block: TronStakingState['head']) => ({
    blockID: block.blockID,
    block_header: {
      raw_data: {
        number: block.number,
        txTrieRoot: '0'.repeat(64),
        witness_address: '41' + '00'.repeat(20),
        parentHash: '0'.repeat(64),
        version: 30,
        timestamp: block.timestamp,
      },
      witness_signature: '',
    },
  });
  return {
    '/wallet/getnowblock': () => {
      guard();
      return blockJson(state.head);
    },
    '/walletsolidity/getnowblock': () => {
      guard();
      return blockJson(state.solidified);
    },
    '/walletsolidity/getaccount': (body) => {
      guard();
      if (body.visible !== true || typeof body.address !== 'string') {
        throw new TronFixtureHttpError(400, { Error: 'expected {address, visible: true}' });
      }
      return state.accounts.get(body.address) ?? {};
    },
    '/wallet/getReward': (body) => {
      guard();
      if (body.visible !== true || typeof body.address !== 'string') {
        throw new TronFixtureHttpError(400, { Error: 'expected {address, visible: true}' });
      }
      const reward = state.rewards.get(body.address);
      return reward === undefined ? {} : { reward };
    },
  };
}
