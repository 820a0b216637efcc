import type { DataSource, EntityManager } from 'typeorm';
import { SubscriptionClaimEntity } from '../entities/subscription-claim.entity';

/** A claim whose subscription stream never got its first event (a crash in between) is stale after this. */
export const STALE_CLAIM_MS = 60_000;

export interface ClaimKey {
  apiKeyId: string;
  chain: string;
  /** Lower-case key form. */
  address: string;
}

/**
 * Takes the (key, chain, address) claim for `subscriptionId`; returns the current holder when it is taken.
 * On a transaction's manager when the key's cap lock is held (subscription-cap.ts).
 */
export async function takeClaim(
  dataSource: DataSource | EntityManager,
  key: ClaimKey,
  subscriptionId: string,
): Promise<{ taken: true } | { taken: false; holder: string; claimedAt: Date }> {
  const claims = dataSource.getRepository(SubscriptionClaimEntity);
  const inserted = await claims
    .createQueryBuilder()
    .insert()
    .values({ ...key, subscriptionId })
    .orIgnore()
    .returning(['subscriptionId'])
    .updateEntity(false)
    .execute();
  if ((inserted.raw as unknown[]).length === 1) return { taken: true };
  const holder = await claims.findOneBy(key);
  // Released between the two statements: try once more from the top.
  if (!holder) return takeClaim(dataSource, key, subscriptionId);
  return { taken: false, holder: holder.subscriptionId, claimedAt: holder.claimedAt };
}

/** Moves a dead holder's claim to `subscriptionId`; false when another request moved it first. */
export async function takeOverClaim(
  dataSource: DataSource,
  key: ClaimKey,
  from: string,
  to: string,
): Promise<boolean> {
  const { affected } = await dataSource
    .getRepository(SubscriptionClaimEntity)
    .update({ ...key, subscriptionId: from }, { subscriptionId: to, claimedAt: () => 'now()' });
  return affected === 1;
}

export async function releaseClaim(dataSource: DataSource, subscriptionId: string): Promise<void> {
  await dataSource.getRepository(SubscriptionClaimEntity).delete({ subscriptionId });
}
