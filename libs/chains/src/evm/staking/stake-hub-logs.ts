import { toEventSelector, type Hex } from 'viem';
import { stakeHubAbi } from './stake-hub-abi';

const eventSelector = (name: 'Delegated' | 'Undelegated' | 'Claimed'): Hex =>
  toEventSelector(stakeHubAbi.find((item) => item.type === 'event' && item.name === name)!);

/** topic0 of the StakeHub logs the indexer turns into stake operations. */
export const DELEGATED_TOPIC = eventSelector('Delegated');
export const UNDELEGATED_TOPIC = eventSelector('Undelegated');
export const CLAIMED_TOPIC = eventSelector('Claimed');
