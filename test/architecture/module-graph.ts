import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * The module rules of docs/architecture.md §2, checked over the source tree. A lib is reached from
 * outside only through its public index (`@chainwire/<lib>`, or `@chainwire/<lib>/testing` from
 * tests), and a lib's production code imports only the libs below it in LIB_DEPENDENCIES. A
 * projection never calls a chain (docs/architecture.md §5): see projectionViolations.
 */

/** What each lib's production code may import. Read down: every edge points to a lower layer. */
export const LIB_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  core: [],
  'chain-events': [],
  'event-store': ['core'],
  chains: ['core'],
  // The consumer runtime: checkpoints, leases and parking for any reader of the event log.
  consumers: ['core', 'event-store'],
  auth: ['core', 'chains'],
  // Indexers write chain streams only, never a read model.
  indexing: ['core', 'chains', 'event-store', 'chain-events'],
  // The chain head: the blocks projection, the latest-block read and its route.
  blocks: ['core', 'chains', 'event-store', 'chain-events', 'consumers'],
  // Balances and NFTs, each with its projection; the balance observer places observations at the chain head.
  wallet: ['core', 'auth', 'chains', 'event-store', 'chain-events', 'consumers', 'blocks'],
  transactions: ['core', 'auth', 'chains', 'event-store', 'chain-events', 'consumers', 'wallet'],
  webhooks: ['core', 'auth', 'chains', 'event-store', 'chain-events', 'consumers'],
  // Staking reaches the transactions feature's preparer only through its own port (EVM_CALL_PREPARER).
  staking: ['core', 'auth', 'chains', 'event-store', 'chain-events', 'consumers', 'blocks'],
  // Swaps reuse the transaction routes' fee market and gas policy for the route's transaction.
  swaps: ['core', 'auth', 'chains', 'event-store', 'chain-events', 'consumers', 'wallet', 'transactions'],
  // The application assembled: every table, migration and consumer. Only apps, tests and benchmarks use it.
  composition: [
    'core',
    'chains',
    'auth',
    'event-store',
    'consumers',
    'blocks',
    'wallet',
    'transactions',
    'webhooks',
    'staking',
    'swaps',
  ],
};

/** Top-level folders that are not libs and the relative imports between them that are allowed. */
const UNIT_EXCEPTIONS: readonly { from: RegExp; to: string; files?: RegExp }[] = [
  // The build's freshness check is tested against the script itself.
  { from: /^test$/, to: 'scripts' },
  // The API benchmark measures the whole service as it boots; the generated-client test calls it so.
  { from: /^bench$/, to: 'apps/server' },
  { from: /^test$/, to: 'apps/server', files: /^test\/contract\// },
  // The schema is assembled from the migrations folder.
  { from: /^libs\/composition$/, to: 'migrations' },
  // A test database runs the migrations without loading the composition's every feature (docs/architecture.md §10).
  { from: /^test$/, to: 'migrations', files: /^test\/support\/test-database\.ts$/ },
];

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  readonly path: string;
  readonly text: string;
}

/** The unit a path belongs to: `libs/<name>`, `apps/<name>`, or its top-level folder. */
export function unitOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'libs' || parts[0] === 'apps' ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Specs, int-specs, e2e-specs, contract suites and anything under a `testing/` folder. */
export function isTestCode(path: string): boolean {
  return /\.(spec|int-spec|e2e-spec|contract)\.ts$/.test(path) || path.split('/').includes('testing');
}

export function findViolations(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = projectionViolations(files);
  for (const file of files) {
    const unit = unitOf(file.path);
    const fromLib = unit.startsWith('libs/') ? unit.slice('libs/'.length) : undefined;
    const test = isTestCode(file.path) || unit === 'test' || unit === 'bench';
    for (const { fileName: specifier } of ts.preProcessFile(file.text, true, true).importedFiles) {
      const report = (rule: string) => violations.push({ file: file.path, specifier, rule });
      if (specifier.startsWith('.')) {
        const target = relative('.', join(dirname(file.path), specifier))
          .split(sep)
          .join('/');
        const targetUnit = unitOf(target);
        if (targetUnit === unit) continue;
        if (
          UNIT_EXCEPTIONS.some(
            (e) => e.from.test(unit) && e.to === targetUnit && (!e.files || e.files.test(file.path)),
          )
        )
          continue;
        report(
          targetUnit.startsWith('libs/')
            ? `reaches into ${targetUnit} by a relative path: import @chainwire/${targetUnit.slice(5)}`
            : targetUnit === 'test'
              ? 'reaches test support by a relative path: import @test/…'
              : `imports ${targetUnit} internals`,
        );
        continue;
      }
      if (specifier.startsWith('@test/')) {
        if (!test) report('production code imports test support (@test/…)');
        continue;
      }
      const alias = /^@chainwire\/([^/]+)(\/.*)?$/.exec(specifier);
      if (!alias) continue;
      const [, lib, subpath] = alias;
      if (!(lib in LIB_DEPENDENCIES)) report(`no lib named ${lib}`);
      else if (subpath && subpath !== '/testing') report(`reaches past the public index of ${lib}`);
      else if (subpath === '/testing' && !test) report(`production code imports the test helpers of ${lib}`);
      else if (fromLib === lib) report(`imports its own lib through the alias (use a relative path)`);
      else if (fromLib && !test && !LIB_DEPENDENCIES[fromLib]?.includes(lib))
        report(`${fromLib} must not depend on ${lib} (docs/architecture.md §2)`);
      else if (fromLib && lib === 'composition' && fromLib !== 'composition')
        report('only apps, tests and benchmarks use the composition');
    }
  }
  return violations;
}

/** A projection's or read model's own file: what folds events into a table. */
const PROJECTION_FILE = /\.(projection|read-model)\.ts$/;
const CHAINS = /^@chainwire\/chains(\/|$)/;

/**
 * Projections fold events and never call a chain (docs/architecture.md §5), so that a replay rebuilds
 * the same rows from the log alone. Projections live in their features' libs, most of which may use
 * `@chainwire/chains`, so the rule is per file: a `*.projection.ts` or `*.read-model.ts` file, and every
 * file of its lib it reaches by relative imports, import nothing from `@chainwire/chains`.
 */
export function projectionViolations(files: readonly SourceFile[]): Violation[] {
  const tree = new Map(files.map((file) => [file.path, file]));
  const violations: Violation[] = [];
  for (const projection of files) {
    if (!PROJECTION_FILE.test(projection.path) || isTestCode(projection.path)) continue;
    const unit = unitOf(projection.path);
    const reached = new Set([projection.path]);
    const queue = [projection];
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const { fileName: specifier } of ts.preProcessFile(file.text, true, true).importedFiles) {
        if (CHAINS.test(specifier)) {
          const through = file === projection ? '' : ` through ${file.path}`;
          violations.push({
            file: projection.path,
            specifier,
            rule: `projections never call a chain: imports @chainwire/chains${through} (docs/architecture.md §5)`,
          });
        }
        const target = specifier.startsWith('.') ? resolveRelative(file.path, specifier, tree) : undefined;
        if (!target || unitOf(target.path) !== unit || reached.has(target.path)) continue;
        reached.add(target.path);
        queue.push(target);
      }
    }
  }
  return violations;
}

/** The file a relative specifier names: `<path>.ts`, else `<path>/index.ts`, when it is in the tree. */
function resolveRelative(
  from: string,
  specifier: string,
  tree: ReadonlyMap<string, SourceFile>,
): SourceFile | undefined {
  const path = relative('.', join(dirname(from), specifier))
    .split(sep)
    .join('/');
  return tree.get(`${path}.ts`) ?? tree.get(`${path}/index.ts`);
}

/** The libs in an order where each comes after everything it depends on; throws on a cycle. */
export function layerOrder(dependencies: Readonly<Record<string, readonly string[]>>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (lib: string, path: string[]) => {
    if (state.get(lib) === 'done') return;
    if (state.get(lib) === 'visiting') throw new Error(`dependency cycle: ${[...path, lib].join(' → ')}`);
    state.set(lib, 'visiting');
    for (const dep of dependencies[lib] ?? []) visit(dep, [...path, lib]);
    state.set(lib, 'done');
    order.push(lib);
  };
  for (const lib of Object.keys(dependencies)) visit(lib, []);
  return order;
}

/** Every .ts file under the given top-level folders, relative to `root`. */
export function readSourceTree(root: string, folders: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.push({ path: relative(root, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
    }
  };
  for (const folder of folders) walk(resolve(root, folder));
  return files;
}
