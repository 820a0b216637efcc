// The application assembled from its features: every table and migration, every durable consumer.
// Only apps, tests and benchmarks import this lib; no lib does (docs/architecture.md §2).
export * from './relational-schema';
export * from './consumers';
