/** Nest injection tokens for the process-wide dependencies an app module is given. */
export const DATABASE = Symbol('Database');
export const LOGGER = Symbol('Logger');
