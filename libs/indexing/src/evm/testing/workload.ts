import { readFileSync } from 'node:fs';
import { encodeFunctionData, keccak256, parseEther, toHex, type Abi, type Address, type Hex } from 'viem';
import { PROJECT_ROOT } from '@chainwire/core';
import { fixtureContract } from '@test/fixtures/contracts/compile';
import { callFixture, deployFixture, waitMined, type TestAnvil } from '@test/support/anvil';
import { waitForReceipt } from '@chainwire/chains';

export interface Workload {
  token: Address;
  nft: Address;
  forwarder: Address;
  reverter: Address;
  /** The reverted transactions (they only pay fees). */
  reverted: Hex[];
}

const ERC721_ARTIFACT =
  'node_modules/@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json';

export function erc721Preset(): { abi: Abi; bytecode: Hex } {
  return JSON.parse(readFileSync(`${PROJECT_ROOT}/${ERC721_ARTIFACT}`, 'utf8')) as {
    abi: Abi;
    bytecode: Hex;
  };
}

/**
 * Native sends, ERC-20 mints and transfers (one batch of many), an ERC-721 mint and transfer,
 * internal value transfers (forward, split), a failed inner frame whose child succeeded, and
 * reverted transactions that only pay gas.
 */
export async function runWorkload(anvil: TestAnvil): Promise<Workload> {
  const [w0, w1, w2] = anvil.wallets;
  const a = anvil.accounts.map((x) => x.address);
  const mined = async (hash: Promise<Hex>) => {
    if ((await waitMined(anvil, await hash)) !== 'success') throw new Error('workload transaction failed');
  };

  const token = await deployFixture(anvil, 'DemoToken', ['Workload Token', 'WRK', 6]);
  const forwarder = await deployFixture(anvil, 'EthForwarder');
  const forwarder2 = await deployFixture(anvil, 'EthForwarder');
  const reverter = await deployFixture(anvil, 'Reverter');
  const batch = await deployFixture(anvil, 'BatchTokenSender');
  const preset = erc721Preset();
  const nftHash = await w0.deployContract({
    abi: preset.abi,
    bytecode: preset.bytecode,
    args: ['Workload NFT', 'WNFT', ''],
  } as never);
  const nft = (await waitForReceipt(anvil.publicClient, nftHash)).contractAddress!;

  await mined(w0.sendTransaction({ to: a[3], value: parseEther('1.5') }));
  await mined(callFixture(w0, token, 'DemoToken', 'mint', [a[1], 1_000_000n]));
  await mined(callFixture(w1, token, 'DemoToken', 'transfer', [a[4], 250_000n]));
  const minterRole = keccak256(toHex('MINTER_ROLE'));
  await mined(callFixture(w0, token, 'DemoToken', 'grantRole', [minterRole, batch]));
  await mined(callFixture(w2, batch, 'BatchTokenSender', 'spray', [token, 30n, BigInt(a[5]), 3n, 7n, true]));
  await mined(callFixture(w1, token, 'DemoToken', 'transfer', [batch, 1_000n]));
  await mined(callFixture(w2, batch, 'BatchTokenSender', 'sendMany', [token, [a[6], a[7]], 100n]));

  await mined(
    w0.writeContract({ address: nft, abi: preset.abi, functionName: 'mint', args: [a[1]] } as never),
  );
  await mined(
    w1.writeContract({
      address: nft,
      abi: preset.abi,
      functionName: 'transferFrom',
      args: [a[1], a[2], 0n],
    } as never),
  );

  await mined(callFixture(w1, forwarder, 'EthForwarder', 'forward', [a[5]], { value: parseEther('0.25') }));
  await mined(
    callFixture(w1, forwarder, 'EthForwarder', 'split', [a[6], forwarder2], { value: parseEther('0.5') }),
  );
  // forwarder2 forwards to a[7] (a successful child) and then reverts; forwarder ignores the failure.
  const inner = encodeFunctionData({
    abi: fixtureContract('EthForwarder').abi,
    functionName: 'forwardThenRevert',
    args: [a[7]],
  });
  await mined(
    callFixture(w2, forwarder, 'EthForwarder', 'tryCall', [forwarder2, inner], {
      value: parseEther('0.1'),
      gas: 300_000n,
    }),
  );
  await mined(callFixture(w2, forwarder2, 'EthForwarder', 'sweep', [a[8]]));

  const reverted: Hex[] = [];
  for (const value of [0n, parseEther('2')]) {
    const hash = await callFixture(w2, reverter, 'Reverter', 'burnAndRevert', [20n], {
      value,
      gas: 200_000n,
    });
    if ((await waitMined(anvil, hash)) !== 'reverted') throw new Error('expected a revert');
    reverted.push(hash);
  }
  return { token, nft, forwarder, reverter, reverted };
}
