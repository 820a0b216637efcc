/**
 * The fee limit of a TRC-20 call (docs/architecture.md §16): the energy triggerconstantcontract measured on the
 * current state × the network's energy price (`getEnergyFee`, sun per energy unit) + 20 %, rounded up, at most
 * the network's `getMaxFeeLimit`. The limit caps what the transaction may burn; the node charges what it uses.
 * A TRX transfer burns no energy: its limit is 0 (its bandwidth is free or costs `getTransactionFee` per byte,
 * which no fee limit governs).
 */
export const ENERGY_MARGIN_PERCENT = 20n;

export function feeLimit(energyUsed: bigint, sunPerEnergy: bigint, maxFeeLimit?: bigint): bigint {
  const limit = (energyUsed * sunPerEnergy * (100n + ENERGY_MARGIN_PERCENT) + 99n) / 100n;
  return maxFeeLimit !== undefined && maxFeeLimit > 0n && limit > maxFeeLimit ? maxFeeLimit : limit;
}
