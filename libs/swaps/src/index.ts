// Swaps (docs/architecture.md §14): quotes, routes and the swap lifecycle as an event-sourced aggregate.
export * from './swap-errors';
export * from './lifecycle/swap.events';
export * from './lifecycle/swap.decider';
export * from './lifecycle/swap-ids';
export * from './swaps.module';
export * from './swaps-options';
export * from './read-model/swap.entity';
export * from './read-model/swaps.projection';
export * from './providers/swap-provider';
export {
  MAINNET_UNISWAP_V2,
  UNISWAP_V2,
  type UniswapV2Deployment,
} from './providers/uniswap-v2/uniswap-v2-provider';
export * from './tracking/swap-tracker';
export * from './tracking/swap-expiry-timer';
