import { type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from 'viem';
import { compileContract, fixtureContract, FIXTURE_SOURCES } from '@test/fixtures/contracts/compile';
import { stakeCreditAbi, stakeHubAbi } from './stake-hub-abi';
import { CLAIMED_TOPIC, DELEGATED_TOPIC, UNDELEGATED_TOPIC } from './stake-hub-logs';

/** Each item of `ours` has a same-named item in `compiled` with the same selector and mutability. */
function expectSubset(ours: readonly (AbiFunction | AbiEvent)[], compiled: readonly unknown[]): void {
  for (const item of ours) {
    const match = (compiled as (AbiFunction | AbiEvent)[]).find(
      (c) => c.type === item.type && c.name === item.name,
    );
    expect({ name: item.name, found: match !== undefined }).toEqual({ name: item.name, found: true });
    if (item.type === 'function') {
      expect(toFunctionSelector(match as AbiFunction)).toBe(toFunctionSelector(item));
      expect((match as AbiFunction).stateMutability).toBe(item.stateMutability);
    } else {
      expect(toEventSelector(match as AbiEvent)).toBe(toEventSelector(item));
      expect((match as AbiEvent).inputs.map((i) => i.indexed ?? false)).toEqual(
        item.inputs.map((i) => i.indexed ?? false),
      );
    }
  }
}

describe('StakeHub ABI', () => {
  it('matches the StakeHub fixture compiled with solc, and the event topics of BSC signatures', () => {
    expectSubset(stakeHubAbi, fixtureContract('StakeHub').abi);
    // The topics the indexer matches are those of BSC's event signatures.
    expect(DELEGATED_TOPIC).toBe(
      toEventSelector('event Delegated(address indexed,address indexed,uint256,uint256)'),
    );
    expect(UNDELEGATED_TOPIC).toBe(
      toEventSelector('event Undelegated(address indexed,address indexed,uint256,uint256)'),
    );
    expect(CLAIMED_TOPIC).toBe(toEventSelector('event Claimed(address indexed,address indexed,uint256)'));
  });

  it('matches the StakeCredit fixture', () => {
    // StakeCredit sits in the same source file as the hub.
    expectSubset(stakeCreditAbi, compileContract(FIXTURE_SOURCES.StakeHub, 'StakeCredit').abi);
  });
});
