import { type Address, type BlockTag, type PublicClient, zeroAddress } from 'viem';
import { throwIfUnavailable } from '../tokens/multicall-failure';
import { stakeCreditAbi, stakeHubAbi } from './stake-hub-abi';

/** A delegator's stake with one validator, as its credit contract reports it now. */
export interface DelegationState {
  /** The validator's StakeCredit contract. */
  readonly creditContract: Address;
  /** Delegation shares held. */
  readonly shares: bigint;
  /** The BNB (wei) those shares are worth: principal plus rewards. */
  readonly pooledWei: bigint;
}

/** The validator's credit contract; null when the hub knows no such operator. */
export async function readCreditContract(
  client: PublicClient,
  hub: Address,
  operator: Address,
): Promise<Address | null> {
  const credit = await client.readContract({
    address: hub,
    abi: stakeHubAbi,
    functionName: 'getValidatorCreditContract',
    args: [operator],
  });
  return credit === zeroAddress ? null : credit;
}

/**
 * Shares and their value for (operator, delegator): the credit contract from the hub, then shares and
 * pooled value in one `eth_call` (deployless multicall). Null when the hub knows no such operator.
 */
export async function readDelegation(
  client: PublicClient,
  hub: Address,
  operator: Address,
  delegator: Address,
): Promise<DelegationState | null> {
  const creditContract = await readCreditContract(client, hub, operator);
  if (!creditContract) return null;
  const results = await client.multicall({
    deployless: true,
    allowFailure: true,
    contracts: [
      { address: creditContract, abi: stakeCreditAbi, functionName: 'balanceOf', args: [delegator] },
      { address: creditContract, abi: stakeCreditAbi, functionName: 'getPooledBNB', args: [delegator] },
    ],
  });
  throwIfUnavailable(results);
  const [shares, pooled] = results;
  if (shares.status !== 'success' || pooled.status !== 'success') {
    throw new Error(
      `credit contract ${creditContract} of ${operator} does not answer balanceOf/getPooledBNB`,
    );
  }
  return { creditContract, shares: shares.result, pooledWei: pooled.result };
}

/** Shares worth `amountWei` at the pool's current rate (`getSharesByPooledBNB`, rounded down). */
export function readSharesForAmount(
  client: PublicClient,
  creditContract: Address,
  amountWei: bigint,
): Promise<bigint> {
  return client.readContract({
    address: creditContract,
    abi: stakeCreditAbi,
    functionName: 'getSharesByPooledBNB',
    args: [amountWei],
  });
}

/** The wei `shares` are worth at the pool's current rate (`getPooledBNBByShares`, rounded down). */
export function readPooledForShares(
  client: PublicClient,
  creditContract: Address,
  shares: bigint,
): Promise<bigint> {
  return client.readContract({
    address: creditContract,
    abi: stakeCreditAbi,
    functionName: 'getPooledBNBByShares',
    args: [shares],
  });
}

/** The hub's unbond period in seconds at a block (an undelegation unlocks that long after its block). */
export function readUnbondPeriod(
  client: PublicClient,
  hub: Address,
  blockTag: bigint | BlockTag,
): Promise<bigint> {
  return client.readContract({
    address: hub,
    abi: stakeHubAbi,
    functionName: 'unbondPeriod',
    ...(typeof blockTag === 'bigint' ? { blockNumber: blockTag } : { blockTag }),
  });
}
