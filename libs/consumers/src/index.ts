export * from './runner/checkpoint';
export * from './runner/consumer';
export * from './runner/consumer-runner';
export * from './runner/parked-events';
export * from './runner/projection-lock';
export * from './entities/parked-event.entity';
export * from './entities/projection-checkpoint.entity';
