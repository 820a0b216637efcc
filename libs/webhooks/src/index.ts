export * from './webhooks.module';
export * from './webhook-errors';
export * from './config/webhooks-config';
export * from './secrets/secret-box';
export * from './signing/sign-webhook';
export * from './sender/egress-policy';
export * from './sender/webhook-sender';
export * from './deliveries/delivery.events';
export * from './deliveries/retry-schedule';
export {
  deliveriesProjection,
  readDeliveryLog,
  type DeliveryLogEntry,
} from './deliveries/deliveries.projection';
export * from './subscriptions/subscription.events';
export { subscriptionsProjection } from './subscriptions/subscriptions.read-model';
export { decideSagaBatch } from './saga/decide-saga-batch';
export { createWebhookSaga, SAGA_NAME } from './saga/webhook-saga';
export { Dispatcher, startDispatcher, type DispatcherDeps } from './dispatcher/dispatcher';
