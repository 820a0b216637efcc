import { ApiKeyEntity } from '../../../auth/src/api-keys/api-key.entity';
import { AssetEntity } from '../../../chains/src/registry/entities/asset.entity';
import { ChainEntity } from '../../../chains/src/registry/entities/chain.entity';
import { BalanceEntity } from '../../../read-models/src/entities/balance.entity';
import { BlockEntity } from '../../../read-models/src/entities/block.entity';
import { ParkedEventEntity } from '../../../read-models/src/entities/parked-event.entity';
import { ProjectionCheckpointEntity } from '../../../read-models/src/entities/projection-checkpoint.entity';
import { TxHistoryEntity } from '../../../transactions/src/history/tx-history.entity';
import { DeliveryAttemptEntity } from '../../../webhooks/src/entities/delivery-attempt.entity';
import { DeliveryEntity } from '../../../webhooks/src/entities/delivery.entity';
import { DispatcherHeartbeatEntity } from '../../../webhooks/src/entities/dispatcher-heartbeat.entity';
import { SagaSubscriptionEntity } from '../../../webhooks/src/entities/saga-subscription.entity';
import { SigningSecretEntity } from '../../../webhooks/src/entities/signing-secret.entity';
import { SubscriptionClaimEntity } from '../../../webhooks/src/entities/subscription-claim.entity';
import { SubscriptionHealthEntity } from '../../../webhooks/src/entities/subscription-health.entity';
import { SubscriptionEntity } from '../../../webhooks/src/entities/subscription.entity';

/**
 * Every relational table as a TypeORM entity, for the one DataSource (docs/architecture.md §2). The
 * list lives here because a DataSource needs all its entities when it is built; each entity sits
 * beside the feature that owns its table. The event store's `streams` and `events` are not entities:
 * they are only ever touched by the store's hand-written SQL (docs/architecture.md §4).
 */
export const RELATIONAL_ENTITIES = [
  ChainEntity,
  AssetEntity,
  ApiKeyEntity,
  ProjectionCheckpointEntity,
  ParkedEventEntity,
  BlockEntity,
  BalanceEntity,
  TxHistoryEntity,
  SigningSecretEntity,
  SubscriptionClaimEntity,
  SubscriptionEntity,
  SagaSubscriptionEntity,
  DeliveryEntity,
  DeliveryAttemptEntity,
  SubscriptionHealthEntity,
  DispatcherHeartbeatEntity,
];
