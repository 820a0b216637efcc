import { getAddress, getContractAddress } from 'viem';
import { callFixture, deployFixture, waitMined } from '@test/support/anvil';
import { type ServerOnAnvil, startServerOnAnvil } from '../testing/server-on-anvil';

const ETH = 10n ** 18n;

/**
 * The whole service configured with a stake hub (ETHEREUM_STAKE_HUB's config field): the indexer role
 * indexes its logs, the projector folds them, the API reports the capability and answers positions.
 */
describe('staking wired into the server', () => {
  let s: ServerOnAnvil;
  let hub: `0x${string}`;

  beforeAll(async () => {
    s = await startServerOnAnvil({
      roles: ['api', 'indexer', 'projector'],
      config: (anvil) => {
        // The hub is the first contract account 0 deploys: its address is known before it exists.
        hub = getContractAddress({ from: anvil.accounts[0].address, nonce: 0n });
        return { chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n, stakeHub: hub }] };
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('reports the capability, indexes the hub and answers positions', async () => {
    const capabilities = await s.api('GET', '/api/chains/ethereum/capabilities');
    expect(capabilities.json.data).toMatchObject({ staking: true });

    const { anvil } = s;
    expect(getAddress(await deployFixture(anvil, 'StakeHub', [3600n, 1n]))).toBe(hub);
    const operator = anvil.accounts[1].address;
    const delegator = anvil.accounts[2].address;
    const call = async (wallet: number, fn: string, args: unknown[], value?: bigint) => {
      const hash = await callFixture(anvil.wallets[wallet], hub, 'StakeHub', fn, args, { value });
      expect(await waitMined(anvil, hash)).toBe('success');
      return hash;
    };
    await call(1, 'createValidator', [anvil.accounts[8].address, 0], ETH);
    const delegated = await call(2, 'delegate', [operator, false], 3n * ETH);
    const { blockNumber } = await anvil.publicClient.getTransactionReceipt({ hash: delegated });
    const { timestamp } = await anvil.publicClient.getBlock({ blockNumber });

    let positions: unknown;
    for (let tries = 0; tries < 100; tries++) {
      const res = await s.api('GET', `/api/staking/positions/${delegator}?chain=ethereum`);
      positions = (res.json.data as unknown as { positions: unknown[] }).positions;
      if ((positions as unknown[]).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Plain JSON here: the integers are exact in the text, read back as numbers where they fit.
    // The item is dated by the block of the delegation, its only operation.
    expect(positions).toEqual([
      {
        chain: 'ethereum',
        address: delegator,
        validatorId: operator,
        stakedAmountWei: 3e18,
        rewardsWei: 0,
        status: 'STAKED',
        updatedAt: new Date(Number(timestamp) * 1000).toISOString(),
        stakedWei: 3e18,
        shares: 3e18,
      },
    ]);
  });
});
