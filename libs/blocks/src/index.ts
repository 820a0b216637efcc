// The chain head (docs/architecture.md §2): the blocks projection, its table, the latest-block read and its route.
export * from './blocks.projection';
export * from './block.entity';
export * from './latest-block';
export * from './get-latest-block.query';
export * from './blocks.module';
