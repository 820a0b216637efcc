import { join } from 'node:path';
import { getAddress, stringToHex, type Address } from 'viem';
import { compileContract } from '../fixtures/contracts/compile';
import { erc721Preset } from '@chainwire/indexing/testing';
import { deployFixture, type TestAnvil } from './anvil';
import { waitForReceipt } from '@chainwire/chains';

export const BYTES32_TOKEN_SOURCE = join(__dirname, '../fixtures/contracts/Bytes32Token.sol');

/** The contracts token reads are tested on: ERC-20s of both metadata styles, an ERC-721, an EOA. */
export interface TokenContracts {
  /** OpenZeppelin 4.9.6 ERC20PresetMinterPauser (DemoToken: the preset with 6 decimals), 'Test Token' / 'TST'. */
  erc20: Address;
  /** MKR-style: bytes32 'Maker' / 'MKR', 18 decimals. */
  bytes32Token: Address;
  /** OpenZeppelin 4.9.6 ERC721PresetMinterPauserAutoId, 'Test NFT' / 'TNFT'. */
  erc721: Address;
  /** An account with no code. */
  eoa: Address;
}

export async function deployTokenContracts(anvil: TestAnvil): Promise<TokenContracts> {
  const erc20 = await deployFixture(anvil, 'DemoToken', ['Test Token', 'TST', 6]);
  const bytes32 = compileContract(BYTES32_TOKEN_SOURCE, 'Bytes32Token');
  const bytes32Token = await deploy(anvil, bytes32.abi, bytes32.bytecode, [
    stringToHex('Maker', { size: 32 }),
    stringToHex('MKR', { size: 32 }),
  ]);
  const nft = erc721Preset();
  const erc721 = await deploy(anvil, nft.abi, nft.bytecode, ['Test NFT', 'TNFT', '']);
  return {
    erc20: getAddress(erc20),
    bytes32Token: getAddress(bytes32Token),
    erc721: getAddress(erc721),
    eoa: getAddress(anvil.accounts[9]!.address),
  };
}

async function deploy(
  anvil: TestAnvil,
  abi: unknown,
  bytecode: `0x${string}`,
  args: unknown[],
): Promise<Address> {
  const hash = await anvil.wallets[0]!.deployContract({ abi, bytecode, args } as never);
  const receipt = await waitForReceipt(anvil.publicClient, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment failed');
  return receipt.contractAddress;
}
