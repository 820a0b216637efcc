export * from './webhooks.module';
export * from './webhook-errors';
export * from './config/webhooks-config';
export * from './secrets/secret-box';
export * from './signing/sign-webhook';
export { forbiddenAddressReason } from '@chainwire/core';
export * from './sender/webhook-sender';
export * from './deliveries/delivery.events';
export * from './deliveries/retry-schedule';
export {
  deliveriesProjection,
  readDeliveryLog,
  type DeliveryLogEntry,
} from './deliveries/deliveries.projection';
export * from './subscriptions/subscription.events';
export { refreshSubscription, subscriptionsProjection } from './subscriptions/subscriptions.read-model';
export { decideSagaBatch } from './saga/decide-saga-batch';
export { createWebhookSaga, SAGA_NAME } from './saga/webhook-saga';
export { Dispatcher, type DispatcherConsumerHandles, type DispatcherDeps } from './dispatcher/dispatcher';
export {
  createDispatcher,
  type DispatcherConsumers,
  type DispatcherWithConsumers,
} from './dispatcher/dispatcher-consumers';
export { deliveryMetrics, type DeliveryMetrics } from './dispatcher/delivery-metrics';
export * from './entities/delivery-attempt.entity';
export * from './entities/delivery.entity';
export * from './entities/dispatcher-heartbeat.entity';
export * from './entities/saga-subscription.entity';
export * from './entities/signing-secret.entity';
export * from './entities/subscription-claim.entity';
export * from './entities/subscription-health.entity';
export * from './entities/subscription.entity';
export * from './entities/webhook-endpoint.entity';
export * from './ids';
export * from './secrets/signing-secret.repository';
