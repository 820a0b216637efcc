export {
  startKurrentDbFixture,
  type KurrentDbFixture,
  type KurrentDbFixtureOptions,
} from './kurrentdb-fixture';
export { DEFAULT_MAX_APPEND_SIZE_BYTES } from './append-size';
export { DEFAULT_READ_BATCH_SIZE } from './all-subscription';
export { DEFAULT_FILTER_WINDOW } from './read-filter';
