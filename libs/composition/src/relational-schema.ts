import type { RelationalSchema } from '@chainwire/core';
import { MIGRATIONS } from '../../../migrations';
import { ApiKeyEntity } from '@chainwire/auth';
import { AssetEntity, ChainEntity } from '@chainwire/chains';
import { ParkedEventEntity, ProjectionCheckpointEntity } from '@chainwire/consumers';
import { BlockEntity } from '@chainwire/blocks';
import { StakingOperationEntity } from '@chainwire/staking';
import { SwapEntity, SwapTrackerQuoteEntity } from '@chainwire/swaps';
import { TxHistoryEntity } from '@chainwire/transactions';
import {
  BalanceEntity,
  BalanceHeadEntity,
  NftHoldingEntity,
  NftMetadataEntity,
  PriceEntity,
} from '@chainwire/wallet';
import {
  DeliveryAttemptEntity,
  DeliveryEntity,
  DispatcherHeartbeatEntity,
  SagaSubscriptionEntity,
  SigningSecretEntity,
  SubscriptionClaimEntity,
  SubscriptionEntity,
  SubscriptionHealthEntity,
  WebhookEndpointEntity,
} from '@chainwire/webhooks';
import { TokenMetadataEntity } from '@chainwire/wallet';

/**
 * Every relational table as a TypeORM entity, for the one DataSource (docs/architecture.md §2). The
 * list is assembled here, at application level, because a DataSource needs all its entities when it
 * is built; each entity sits beside the feature that owns its table. The event store's `streams` and
 * `events` are not entities: only the store's hand-written SQL touches them (docs/architecture.md §4).
 */
export const RELATIONAL_ENTITIES = [
  ChainEntity,
  AssetEntity,
  ApiKeyEntity,
  ProjectionCheckpointEntity,
  ParkedEventEntity,
  BlockEntity,
  BalanceEntity,
  BalanceHeadEntity,
  TxHistoryEntity,
  PriceEntity,
  SigningSecretEntity,
  WebhookEndpointEntity,
  SubscriptionClaimEntity,
  SubscriptionEntity,
  SagaSubscriptionEntity,
  DeliveryEntity,
  DeliveryAttemptEntity,
  SubscriptionHealthEntity,
  DispatcherHeartbeatEntity,
  TokenMetadataEntity,
  NftHoldingEntity,
  NftMetadataEntity,
  StakingOperationEntity,
  SwapEntity,
  SwapTrackerQuoteEntity,
];

/** The application's schema: what every process opens its database with. */
export const RELATIONAL_SCHEMA: RelationalSchema = Object.freeze({
  entities: RELATIONAL_ENTITIES,
  migrations: MIGRATIONS,
});
