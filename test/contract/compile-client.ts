import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from '@chainwire/core';

/**
 * The client's dependencies and their type entry points (openapi-fetch's package.json names none),
 * resolved from this repository's node_modules: the client lives in a temp dir.
 */
const CLIENT_DEPENDENCY_TYPES: Record<string, string> = {
  'openapi-fetch': 'dist/index.d.ts',
  'lossless-json': 'lib/types/index.d.ts',
};

const requireFromProject = createRequire(join(PROJECT_ROOT, 'package.json'));

/**
 * Type-checks the files with `--strict` and no emit, as a client project would; the generated
 * declarations are checked too (skipLibCheck off). Returns the diagnostics, formatted.
 */
export function compileStrict(files: readonly string[]): string[] {
  const paths = Object.fromEntries(
    Object.entries(CLIENT_DEPENDENCY_TYPES).map(([name, types]) => [
      name,
      [join(PROJECT_ROOT, 'node_modules', name, types)],
    ]),
  );
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    lib: ['lib.es2022.d.ts'],
    types: ['node'],
    typeRoots: [join(PROJECT_ROOT, 'node_modules', '@types')],
    paths,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.map((d) =>
    ts
      .formatDiagnostic(d, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => PROJECT_ROOT,
        getNewLine: () => '\n',
      })
      .trim(),
  );
}

/**
 * Runs a compiled client module: transpiled to CommonJS and evaluated with its imports resolved from
 * this repository, so what runs is the very source that was type-checked.
 */
export function loadClientModule(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  const module = { exports: {} as Record<string, unknown> };
  const evaluate = new Function('require', 'module', 'exports', outputText) as (
    require: NodeJS.Require,
    module: { exports: Record<string, unknown> },
    exports: Record<string, unknown>,
  ) => void;
  evaluate(requireFromProject, module, module.exports);
  return module.exports;
}
