import { type DynamicModule, type INestApplicationContext, Inject, Injectable, Module } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Database } from '../db/database';
import { DatabaseModule, type DatabaseModuleRef } from './database.module';
import { DATABASE } from './injection-tokens';

class Widget {}

/** Enough of a Database for wiring: a DataSource whose repositories name their entity. */
function fakeDatabase(): Database {
  const dataSource = { getRepository: (entity: unknown) => ({ repositoryOf: entity }) };
  return { dataSource } as unknown as Database;
}

@Injectable()
class UsesDatabase {
  constructor(
    @Inject(DATABASE) readonly db: Database,
    @InjectDataSource() readonly dataSource: unknown,
  ) {}
}

@Injectable()
class AlsoUsesDatabase {
  constructor(@Inject(DATABASE) readonly db: Database) {}
}

@Injectable()
class UsesRepository {
  constructor(
    @InjectRepository(Widget) readonly widgets: unknown,
    @Inject(DATABASE) readonly db: Database,
  ) {}
}

/** A feature module that imports what it is given, as the real features do. */
function feature(
  name: string,
  imports: DynamicModule[],
  provider: new (...args: never[]) => unknown,
): DynamicModule {
  @Module({})
  class Feature {}
  Object.defineProperty(Feature, 'name', { value: name });
  return { module: Feature, imports, providers: [provider], exports: [provider] };
}

async function boot(imports: DynamicModule[]) {
  @Module({ imports })
  class Root {}
  return NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
}

function databaseModules(app: INestApplicationContext): number {
  const modules = app.get(ModulesContainer);
  return [...modules.values()].filter((m) => m.metatype === DatabaseModule).length;
}

describe('DatabaseModule', () => {
  it('gives a feature that imports it the database and its DataSource, one module for every importer of the same ref', async () => {
    const db = fakeDatabase();
    const database = DatabaseModule.forRoot({ db });
    const app = await boot([
      feature('A', [database], UsesDatabase),
      feature('B', [database], AlsoUsesDatabase),
    ]);
    try {
      const uses = app.get(UsesDatabase);
      expect(uses.db).toBe(db);
      expect(uses.dataSource).toBe(db.dataSource);
      expect(app.get(AlsoUsesDatabase).db).toBe(db);
      expect(databaseModules(app)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('is not global: a feature that does not import it cannot resolve the database, though another module does', async () => {
    const database = DatabaseModule.forRoot({ db: fakeDatabase() });
    await expect(
      boot([feature('Importer', [database], UsesDatabase), feature('Forgetful', [], UsesDatabase)]),
    ).rejects.toThrow(/Forgetful/);
  });

  it('forFeature provides repositories on the same DataSource and re-exports the database', async () => {
    const db = fakeDatabase();
    const database: DatabaseModuleRef = DatabaseModule.forRoot({ db });
    const app = await boot([
      feature('Widgets', [DatabaseModule.forFeature(database, [Widget])], UsesRepository),
    ]);
    try {
      const uses = app.get(UsesRepository);
      expect(uses.widgets).toEqual({ repositoryOf: Widget });
      expect(uses.db).toBe(db);
    } finally {
      await app.close();
    }
  });

  it('two forRoot() calls are two modules: an app builds the ref once and hands it to each feature', async () => {
    const db = fakeDatabase();
    const app = await boot([
      feature('A', [DatabaseModule.forRoot({ db })], UsesDatabase),
      feature('B', [DatabaseModule.forRoot({ db })], AlsoUsesDatabase),
    ]);
    try {
      expect(databaseModules(app)).toBe(2);
    } finally {
      await app.close();
    }
  });
});
