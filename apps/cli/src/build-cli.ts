import type { Writable } from 'node:stream';
import { Command } from 'commander';
import { PLANS } from '@chainwire/auth';
import { REPLAYABLE_PROJECTIONS } from '@chainwire/composition';
import { ASSET_TYPES } from '@chainwire/chains';
import type { AppConfig, Database } from '@chainwire/core';
import type { CliOutput } from './cli-output';
import { assetsAdd, type AssetsAddOptions } from './commands/assets-add.command';
import { EXPORT_FORMATS } from './commands/export/event-formats';
import { exportEvents, type ExportOptions } from './commands/export/export.command';
import { keysCreate } from './commands/keys-create.command';
import { keysRevoke } from './commands/keys-revoke.command';
import { replay } from './commands/replay.command';

export interface CliDeps {
  loadConfig: () => AppConfig;
  openDatabase: (config: AppConfig) => Promise<Database>;
  out: CliOutput;
  /** Where `export` writes without --out (process.stdout). */
  stdout?: Writable;
}

/** The admin CLI: every command runs against the database the server's configuration names. */
export function buildCli(deps: CliDeps): Command {
  const withDatabase = async (work: (db: Database, config: AppConfig) => Promise<void>) => {
    const config = deps.loadConfig();
    const db = await deps.openDatabase(config);
    try {
      await work(db, config);
    } finally {
      await db.close();
    }
  };

  // Set before the subcommands are made, which inherit them: commander errors reject parseAsync
  // instead of exiting, and its messages go through deps.out.
  const program = new Command('cli')
    .description('chainwire administration')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => deps.out.log(text.trimEnd()),
      writeErr: (text) => deps.out.error(text.trimEnd()),
    });

  const keys = program.command('keys').description('API keys');
  keys
    .command('create')
    .description('create an API key and print it once')
    .requiredOption('--plan <plan>', `plan: ${PLANS.join(', ')}`)
    .option('--name <name>', 'label to recognise the key by')
    .action((options: { plan: string; name?: string }) =>
      withDatabase((db) => keysCreate(db, options, deps.out)),
    );
  keys
    .command('revoke')
    .description('revoke an API key for good: its requests are refused and its webhooks stop')
    .argument('<id>', 'the key id (printed by keys create)')
    .action((id: string) => withDatabase((db) => keysRevoke(db, id, deps.out)));

  program
    .command('replay')
    .description('rebuild projections from the start of the event store, one after the other')
    .argument('[projections...]', `projection names: ${Object.keys(REPLAYABLE_PROJECTIONS).join(', ')}`)
    .option('--all', 'every projection')
    .action((names: string[], options: { all?: boolean }) =>
      withDatabase((db, config) => replay(db, config, { names, all: options.all }, deps.out)),
    );

  program
    .command('export')
    .description('write events in global order as NDJSON or CSV, streaming, with progress on stderr')
    .argument(
      '<source>',
      "'$all', a category (chain, subscription, delivery; or $ce-chain) or a stream (chain-ethereum)",
    )
    .requiredOption('--format <format>', EXPORT_FORMATS.join(' or '))
    .option('--from <bound>', 'first position <commit>/<prepare> or ISO date (inclusive)')
    .option('--to <bound>', 'last position <commit>/<prepare> or ISO date (inclusive)')
    .option('--type <type...>', 'only events of these types')
    .option('--involving <value>', "only events with a data field equal to it, e.g. an address's transfers")
    .option('--out <file>', 'write to a file instead of stdout')
    .action((source: string, options: ExportOptions) =>
      withDatabase((db, config) =>
        exportEvents(db, config, source, options, deps.out, deps.stdout ?? process.stdout),
      ),
    );

  const assets = program.command('assets').description('asset registry');
  assets
    .command('add')
    .description('register or update an asset of a chain')
    .requiredOption('--chain <chain>', 'registry chain id, e.g. ethereum')
    .requiredOption('--contract <contract>', "contract address, or 'native'")
    .requiredOption('--symbol <symbol>')
    .requiredOption('--name <name>')
    .requiredOption('--decimals <decimals>')
    .requiredOption('--type <type>', ASSET_TYPES.join(', '))
    .option('--default', "make it one of the chain's default assets")
    .action((options: AssetsAddOptions) => withDatabase((db) => assetsAdd(db, options, deps.out)));

  return program;
}
