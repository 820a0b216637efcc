import type { MigrationClass } from '@chainwire/core';
import { EventStore0000000000001 } from './0001_event-store';
import { RegistriesAndReadModels0000000000002 } from './0002_registries-and-read-models';
import { ApiKeys0000000000200 } from './0200_api-keys';
import { TxHistory0000000000300 } from './0300_tx-history';
import { Webhooks0000000000400 } from './0400_webhooks';
import { WebhookDispatcherLeases0000000000401 } from './0401_webhook-dispatcher-leases';
import { ParkedEvents0000000000403 } from './0403_parked-events';
import { EventsByType0000000000404 } from './0404_events-by-type';
import { TxHistoryKey0000000000405 } from './0405_tx-history-key';
import { Prices0000000000500 } from './0500_prices';
import { TokenMetadata0000000000510 } from './0510_token-metadata';
import { RegistryDetails0000000000520 } from './0520_registry-details';
import { Nfts0000000000530 } from './0530_nfts';
import { Swaps0000000000600 } from './0600_swaps';
import { Staking0000000000640 } from './0640_staking';
import { BalancesFillfactor0000000000650 } from './0650_balances-fillfactor';
import { TxHistoryPerTransfer0000000000660 } from './0660_tx-history-per-transfer';
import { EventsOfTypes0000000000670 } from './0670_events-of-types';
import { SwapTrackerQuoteExpiry0000000000680 } from './0680_swap-tracker-quote-expiry';
import { BalanceObservations0000000000690 } from './0690_balance-observations';
import { StakingObservedBlocks0000000000700 } from './0700_staking-observed-blocks';
import { RateLimitBuckets0000000000710 } from './0710_rate-limit-buckets';
import { UnlistedTokensOutOfRegistry0000000000720 } from './0720_unlisted-tokens-out-of-registry';
import { WebhookEndpointsSealed0000000000730 } from './0730_webhook-endpoints-sealed';

/**
 * Every migration, oldest first; each runs its SQL in its own transaction (libs/core/src/db/migrate.ts).
 * A new one is a file `NNNN_what.ts` whose class name ends in NNNN padded to 13 digits (TypeORM
 * orders migrations by those digits), appended here. Only the ones node-pg-migrate ran have a legacyName.
 */
export const MIGRATIONS: readonly MigrationClass[] = [
  EventStore0000000000001,
  RegistriesAndReadModels0000000000002,
  ApiKeys0000000000200,
  TxHistory0000000000300,
  Webhooks0000000000400,
  WebhookDispatcherLeases0000000000401,
  ParkedEvents0000000000403,
  EventsByType0000000000404,
  TxHistoryKey0000000000405,
  Prices0000000000500,
  TokenMetadata0000000000510,
  RegistryDetails0000000000520,
  Nfts0000000000530,
  Swaps0000000000600,
  Staking0000000000640,
  BalancesFillfactor0000000000650,
  TxHistoryPerTransfer0000000000660,
  EventsOfTypes0000000000670,
  SwapTrackerQuoteExpiry0000000000680,
  BalanceObservations0000000000690,
  StakingObservedBlocks0000000000700,
  RateLimitBuckets0000000000710,
  UnlistedTokensOutOfRegistry0000000000720,
  WebhookEndpointsSealed0000000000730,
];
