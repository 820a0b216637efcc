import { erc20Abi, parseAbi } from 'viem';

/** ERC-20's optional metadata as early tokens (MKR, SAI) declared it: `bytes32` name and symbol. */
export const erc20Bytes32MetadataAbi = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
]);

export { erc20Abi };
