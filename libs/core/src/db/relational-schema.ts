import type { EntitySchema, MigrationInterface } from 'typeorm';

/** A TypeORM migration class; `legacyName` is the name node-pg-migrate recorded for it, if it ran one. */
export type MigrationClass = (new () => MigrationInterface) & { readonly legacyName?: string };

/**
 * What a DataSource is built from: every entity and every migration, oldest first. Core only opens
 * databases; the application assembles its schema from the features that own the tables
 * (`@chainwire/composition`), so core never imports a feature (docs/architecture.md §2).
 */
export interface RelationalSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity type
  readonly entities: readonly (Function | EntitySchema)[];
  readonly migrations: readonly MigrationClass[];
}
