// Bundles the compiled server (dist/apps/server/src/main.js and every module it loads at start) into
// one file, dist/server.js, the file `npm start`, the image and the tests' services run.
//
// Why: the server loads about 2,450 modules at start, 1,900 of them from node_modules. Resolving,
// reading and wrapping each took about 1 s of a 2 s start on the 2-core machine of
// docs/benchmarks.md; from one file the start took 0.6 s less (docs/decisions/0003-server-bundle.md).
// The bundle is made from tsc's output, so decorators and their metadata are tsc's, not esbuild's.
'use strict';
const { join } = require('node:path');

const BUNDLE = join('dist', 'server.js');
const COMPILED_MAIN = join('dist', 'apps', 'server', 'src', 'main.js');

/**
 * Packages left to `require` at run time, from node_modules. Everything else the server loads is
 * in the bundle. Each is here for one of three reasons.
 */
const EXTERNAL = [
  // Loaded only when used (a Tron or Solana chain configured, EventStoreDB configured, embedded
  // storage): bundled, they would be parsed at every start for nothing.
  'tronweb',
  '@solana/web3.js',
  '@solana/spl-token',
  '@kurrent/kurrentdb-client',
  // Reads files next to its own module (the PostgreSQL WebAssembly build and its data).
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  // Optional peers that Nest and pg require only when configured to; not installed.
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@nestjs/platform-express',
  'class-transformer',
  'class-validator',
  '@fastify/static',
  '@fastify/view',
  'pg-native',
];

/** Writes dist/server.js from tsc's output; throws with esbuild's messages when it cannot. */
function bundleServer(root) {
  const esbuild = require(require.resolve('esbuild', { paths: [root] }));
  esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: [COMPILED_MAIN],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: EXTERNAL,
    // Nest names providers, and logs, by class name; keep every name as written.
    keepNames: true,
    minifyWhitespace: true,
    minifySyntax: true,
    // Stack traces map back to the TypeScript sources with `node --enable-source-maps`.
    sourcemap: 'linked',
    sourcesContent: false,
    // api-docs resolves swagger-ui-dist's folder through @nestjs/swagger at run time, from node_modules.
    logOverride: { 'require-resolve-not-external': 'silent' },
    logLevel: 'error',
  });
}

module.exports = { bundleServer, BUNDLE, COMPILED_MAIN, EXTERNAL };
