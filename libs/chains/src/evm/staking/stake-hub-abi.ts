import { parseAbi } from 'viem';

/**
 * The delegator-facing part of BNB Smart Chain's StakeHub (bsc-genesis-contract `StakeHub.sol`), the
 * functions and events chainwire reads, indexes or builds calls for. Signatures are BSC's exactly:
 * stake-hub-abi.spec.ts checks them against the StakeHub fixture compiled with solc.
 */
export const stakeHubAbi = parseAbi([
  'function delegate(address operatorAddress, bool delegateVotePower) payable',
  'function undelegate(address operatorAddress, uint256 shares)',
  'function claim(address operatorAddress, uint256 requestNumber)',
  'function unbondPeriod() view returns (uint256)',
  'function getValidatorConsensusAddress(address operatorAddress) view returns (address consensusAddress)',
  'function getValidatorCreditContract(address operatorAddress) view returns (address creditContract)',
  'function getValidators(uint256 offset, uint256 limit) view returns (address[] operatorAddrs, address[] creditAddrs, uint256 totalLength)',
  'event Delegated(address indexed operatorAddress, address indexed delegator, uint256 shares, uint256 bnbAmount)',
  'event Undelegated(address indexed operatorAddress, address indexed delegator, uint256 shares, uint256 bnbAmount)',
  'event Claimed(address indexed operatorAddress, address indexed delegator, uint256 bnbAmount)',
]);

/** A validator's share pool (BSC `StakeCredit.sol`): shares per delegator and their BNB value. */
export const stakeCreditAbi = parseAbi([
  'function balanceOf(address delegator) view returns (uint256)',
  'function getPooledBNBByShares(uint256 shares) view returns (uint256)',
  'function getSharesByPooledBNB(uint256 bnbAmount) view returns (uint256)',
  'function getPooledBNB(address account) view returns (uint256)',
  'function pendingUnbondRequest(address delegator) view returns (uint256)',
  'function lockedBNBs(address delegator, uint256 number) view returns (uint256)',
  'struct UnbondRequest { uint256 shares; uint256 bnbAmount; uint256 unlockTime; }',
  'function unbondRequest(address delegator, uint256 _index) view returns (UnbondRequest)',
]);
