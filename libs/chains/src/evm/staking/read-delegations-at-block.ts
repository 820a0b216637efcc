import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, type PublicClient } from 'viem';
import { checksumAddress } from '../checksum-address';
import { stakeCreditAbi, stakeHubAbi } from './stake-hub-abi';

/** Validators asked for per `getValidators` page (BSC has a few dozen). */
const VALIDATOR_PAGE = 100n;

/** A delegator's shares with one validator at a block, and what they were worth there. */
export interface DelegationAtBlock {
  readonly validator: Address;
  readonly shares: bigint;
  readonly pooledWei: bigint;
}

/** An undelegation not yet claimed at a block: its shares, its BNB and when it unlocks. */
export interface UnbondAtBlock {
  readonly validator: Address;
  readonly shares: bigint;
  readonly amountWei: bigint;
  readonly unlockTimeMs: number;
}

export interface DelegationsAtBlock {
  /** Validators the delegator holds shares with, in the hub's order. */
  readonly delegations: readonly DelegationAtBlock[];
  /** Pending unbond requests, oldest first per validator. */
  readonly unbonds: readonly UnbondAtBlock[];
}

type Request = (args: { method: string; params: unknown[] }) => Promise<Hex>;

/**
 * Everything a delegator holds in a StakeHub's credit contracts at the end of one block, pinned by its
 * hash (EIP-1898 with `requireCanonical`): the hub's validators (`getValidators`, paged), then each
 * credit contract's `balanceOf`, `getPooledBNB` and `pendingUnbondRequest` for the delegator, then each
 * pending `unbondRequest`. A hub without code at that block holds nothing. The calls of a step are issued together, so a batching client sends each
 * step as one JSON-RPC batch; three round trips when something is pending, and one more per hundred
 * validators.
 */
export async function readDelegationsAtBlock(
  client: PublicClient,
  hub: Address,
  delegator: Address,
  blockHash: Hex,
): Promise<DelegationsAtBlock> {
  const request = client.request as Request;
  const block = { blockHash, requireCanonical: true };
  const call = (to: Address, data: Hex) => request({ method: 'eth_call', params: [{ to, data }, block] });

  const validators: { operator: Address; credit: Address }[] = [];
  for (let offset = 0n; ; offset += VALIDATOR_PAGE) {
    const data = encodeFunctionData({
      abi: stakeHubAbi,
      functionName: 'getValidators',
      args: [offset, VALIDATOR_PAGE],
    });
    const answer = await call(hub, data);
    // No code at the hub's address at that block (deployed later): nothing was delegated there yet.
    if (answer === '0x') break;
    const [operators, credits, total] = decodeFunctionResult({
      abi: stakeHubAbi,
      functionName: 'getValidators',
      data: answer,
    });
    operators.forEach((operator, i) =>
      validators.push({ operator: checksumAddress(operator), credit: credits[i]! }),
    );
    if (operators.length === 0 || offset + VALIDATOR_PAGE >= total) break;
  }

  // The three take the delegator and answer one uint256: typed as balanceOf, which has that shape.
  const creditCall = (credit: Address, name: 'balanceOf' | 'getPooledBNB' | 'pendingUnbondRequest') => {
    const functionName = name as 'balanceOf';
    return call(credit, encodeFunctionData({ abi: stakeCreditAbi, functionName, args: [delegator] })).then(
      (data) => decodeFunctionResult({ abi: stakeCreditAbi, functionName, data }),
    );
  };
  const holdings = await Promise.all(
    validators.map(({ credit }) =>
      Promise.all([
        creditCall(credit, 'balanceOf'),
        creditCall(credit, 'getPooledBNB'),
        creditCall(credit, 'pendingUnbondRequest'),
      ]),
    ),
  );

  const pending = validators.flatMap(({ operator, credit }, v) =>
    Array.from({ length: Number(holdings[v]![2]) }, (_, index) => ({ operator, credit, index })),
  );
  const requests = await Promise.all(
    pending.map(({ credit, index }) =>
      call(
        credit,
        encodeFunctionData({
          abi: stakeCreditAbi,
          functionName: 'unbondRequest',
          args: [delegator, BigInt(index)],
        }),
      ).then((data) => decodeFunctionResult({ abi: stakeCreditAbi, functionName: 'unbondRequest', data })),
    ),
  );

  return {
    delegations: validators.flatMap(({ operator }, v) => {
      const [shares, pooledWei] = holdings[v]!;
      return shares > 0n ? [{ validator: operator, shares, pooledWei }] : [];
    }),
    unbonds: pending.map(({ operator }, i) => ({
      validator: operator,
      shares: requests[i]!.shares,
      amountWei: requests[i]!.bnbAmount,
      unlockTimeMs: Number(requests[i]!.unlockTime * 1000n),
    })),
  };
}
