import type { TronResource } from './build-unstake-transaction';
import type { TronHttpClient } from './tron-http-client';
import { type WireInt, wireBigInt } from './tron-wire';

/** What an account holds at the solidified block, in sun and TRC-10 units. */
export interface TronAccountHoldings {
  /**
   * Every sun the account owns: spendable, frozen (Stake 1.0 and 2.0, its own resources and those it
   * delegated) and unfrozen but not yet withdrawn. Staking moves no TRX out of the owner's hands, and the
   * chain stream records none of it as a transfer (docs/architecture.md §15), so this is the native
   * balance the stream's transfers continue from.
   */
  readonly sun: bigint;
  /** TRC-10 balances by token id. */
  readonly trc10: ReadonlyMap<string, bigint>;
  readonly stake: TronAccountStake;
}

/** The account's Stake 2.0 position at the solidified block. */
export interface TronAccountStake {
  /** Sun frozen per resource, what the account delegated to others included (it stays the owner's stake). */
  readonly frozen: Readonly<Record<TronResource, bigint>>;
  /** Unfrozen sun not yet withdrawn, each with the time it may be (unix ms). */
  readonly unfreezes: readonly { amountSun: bigint; resource: TronResource; expireTimeMs: number }[];
  /** The vote set: SR (base58) → votes. */
  readonly votes: readonly { validator: string; count: bigint }[];
}

interface AccountWire {
  balance?: WireInt;
  frozen?: { frozen_balance?: WireInt }[];
  frozenV2?: { type?: string; amount?: WireInt }[];
  unfrozenV2?: { type?: string; unfreeze_amount?: WireInt; unfreeze_expire_time?: WireInt }[];
  votes?: { vote_address?: string; vote_count?: WireInt }[];
  delegated_frozen_balance_for_bandwidth?: WireInt;
  delegated_frozenV2_balance_for_bandwidth?: WireInt;
  account_resource?: {
    frozen_balance_for_energy?: { frozen_balance?: WireInt };
    delegated_frozen_balance_for_energy?: WireInt;
    delegated_frozenV2_balance_for_energy?: WireInt;
  };
  assetV2?: { key?: string; value?: WireInt }[];
}

/**
 * `/walletsolidity/getaccount`: the account as of the newest solidified block. The full node's
 * `/wallet/getaccount` would include transactions still pending in its pool, which no block holds yet,
 * so it matches no point of the indexed stream. An account the chain has never seen answers `{}`: it holds nothing.
 */
export async function getSolidifiedAccount(
  client: TronHttpClient,
  address: string,
): Promise<TronAccountHoldings> {
  const a = await client.post<AccountWire>(
    '/walletsolidity/getaccount',
    { address, visible: true },
    { exact: true },
  );
  const sun = (value: WireInt) => wireBigInt(value, 'account amount');
  let total = sun(a.balance);
  for (const f of a.frozen ?? []) total += sun(f.frozen_balance);
  for (const f of a.frozenV2 ?? []) total += sun(f.amount);
  for (const u of a.unfrozenV2 ?? []) total += sun(u.unfreeze_amount);
  total += sun(a.delegated_frozen_balance_for_bandwidth) + sun(a.delegated_frozenV2_balance_for_bandwidth);
  const energy = a.account_resource;
  total += sun(energy?.frozen_balance_for_energy?.frozen_balance);
  total +=
    sun(energy?.delegated_frozen_balance_for_energy) + sun(energy?.delegated_frozenV2_balance_for_energy);
  const trc10 = new Map<string, bigint>();
  for (const asset of a.assetV2 ?? []) if (asset.key) trc10.set(String(asset.key), sun(asset.value));
  // protobuf JSON leaves out the default enum value: a bucket without `type` is BANDWIDTH.
  const resourceOf = (type: string | undefined): TronResource | null =>
    type === undefined || type === 'BANDWIDTH' ? 'BANDWIDTH' : type === 'ENERGY' ? 'ENERGY' : null;
  const frozen = {
    BANDWIDTH: sun(a.delegated_frozenV2_balance_for_bandwidth),
    ENERGY: sun(energy?.delegated_frozenV2_balance_for_energy),
  };
  for (const f of a.frozenV2 ?? []) {
    const resource = resourceOf(f.type);
    if (resource) frozen[resource] += sun(f.amount);
  }
  const unfreezes = (a.unfrozenV2 ?? []).flatMap((u) => {
    const resource = resourceOf(u.type);
    return resource === null
      ? []
      : [{ amountSun: sun(u.unfreeze_amount), resource, expireTimeMs: Number(sun(u.unfreeze_expire_time)) }];
  });
  const votes = (a.votes ?? []).map((v) => ({ validator: String(v.vote_address), count: sun(v.vote_count) }));
  return { sun: total, trc10, stake: { frozen, unfreezes, votes } };
}
