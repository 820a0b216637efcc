import { toPositionItem, type FoldedPosition } from './position-item';

const staked: FoldedPosition = {
  validatorId: 'V',
  status: 'STAKED',
  stakedWei: 5n,
  shares: 4n,
  rewardsWei: 1n,
  updatedAtMs: Date.UTC(2025, 0, 2, 3, 4, 5),
};

describe('toPositionItem', () => {
  it("gives the interface's fields beside the earlier ones, dated by the last operation", () => {
    expect(toPositionItem('smartchain', '0xA', staked, 0)).toEqual({
      chain: 'smartchain',
      address: '0xA',
      validatorId: 'V',
      stakedAmountWei: 5n,
      rewardsWei: 1n,
      status: 'STAKED',
      updatedAt: '2025-01-02T03:04:05.000Z',
      stakedWei: 5n,
      shares: 4n,
    });
  });

  it("stands in the read's time for a position without an operation, and leaves absent times absent", () => {
    const item = toPositionItem('tron', 'T', { ...staked, updatedAtMs: null }, Date.UTC(2025, 5, 1));
    expect(item.updatedAt).toBe('2025-06-01T00:00:00.000Z');
    for (const key of ['unfreezeExpireTimeMs', 'unlockTimeMs', 'resource']) expect(key in item).toBe(false);
    const unfreezing = toPositionItem(
      'tron',
      'T',
      { ...staked, status: 'UNFREEZING', unfreezeExpireTimeMs: 7, resource: 'ENERGY' },
      0,
    );
    expect(unfreezing).toMatchObject({ unfreezeExpireTimeMs: 7, resource: 'ENERGY' });
  });
});
