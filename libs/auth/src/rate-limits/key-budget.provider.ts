import { type Database, DATABASE, type PlanLimitSettings } from '@chainwire/core';
import { KeyBudget } from './key-budget';
import { LeasedBucketStore } from './leased-bucket-store';
import { MemoryBucketStore } from './memory-bucket-store';
import { PostgresBucketStore } from './postgres-bucket-store';

export const PLAN_LIMITS = Symbol('PlanLimits');

/**
 * The process's one KeyBudget: buckets in the shared PostgreSQL, so every API process draws on one
 * budget per key (leased per process for fast-refilling plans); in memory on embedded PGlite, where one
 * process is the whole API.
 */
export const keyBudgetProvider = {
  provide: KeyBudget,
  inject: [DATABASE, PLAN_LIMITS],
  useFactory: (db: Database, limits: PlanLimitSettings): KeyBudget =>
    new KeyBudget(
      limits,
      db.embedded ? new MemoryBucketStore() : new LeasedBucketStore(new PostgresBucketStore(db.pool)),
    ),
};
