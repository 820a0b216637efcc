/** Nest injection tokens for the process-wide dependencies the shared modules of `nest/` provide. */
export const DATABASE = Symbol('Database');
export const LOGGER = Symbol('Logger');
export const HEALTH_REGISTRY = Symbol('HealthRegistry');
