export * from './chain-events.fixture';
