#!/usr/bin/env node
// Builds dist/ only when a build input changed since the last successful build.
//
// `tsc -b` alone would also skip an up-to-date tree, but it must load the compiler to find out
// (~0.7 s) and `npm start` spent another ~0.4 s in a nested `npm run build`: a third of a restart.
// Comparing modification times of the inputs with the stamp of the last build costs milliseconds.
// The check is conservative: any input newer than the stamp runs `tsc -b`, which is itself
// incremental and decides file by file what to emit.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdirSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { bundleServer, BUNDLE } = require('./bundle-server.cjs');

const ROOT = join(__dirname, '..');
const STAMP = join('dist', '.build-stamp');
/** What `npm start` runs: the server bundled into one file (scripts/bundle-server.cjs). */
const ENTRY = BUNDLE;
/** Folders whose .ts and .json files tsc compiles or copies, and files that change how it compiles. */
const SOURCE_DIRS = ['apps', 'libs', 'migrations'];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** Newest modification time (ms) of the build inputs under `root`. */
function newestInput(root) {
  let newest = 0;
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') visit(path);
      } else if (/\.(ts|json)$/.test(entry.name)) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of SOURCE_DIRS) visit(join(root, dir));
  for (const file of CONFIG_FILES) {
    try {
      newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
    } catch {
      // absent config file: nothing to compare
    }
  }
  return newest;
}

/** True when dist/ is missing, was never stamped, or an input changed after the stamp. */
function isBuildStale(root = ROOT) {
  try {
    statSync(join(root, ENTRY));
    return newestInput(root) > statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return true;
  }
}

/** Runs `tsc -b`, then bundles the server, and stamps a successful build; exits the process with tsc's status on failure. */
function build(root = ROOT) {
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // tsc type-checks the `@chainwire/*` path aliases but never rewrites them; tsc-alias turns them
  // into relative requires in dist/ so plain `node` runs the output (docs/architecture.md §2).
  const alias = require.resolve('tsc-alias/dist/bin/index.js', { paths: [root] });
  const rewritten = spawnSync(process.execPath, [alias, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (rewritten.status !== 0) process.exit(rewritten.status ?? 1);
  try {
    bundleServer(root);
  } catch (error) {
    // esbuild has printed its messages already.
    process.stderr.write(`bundling the server failed: ${error.message}\n`);
    process.exit(1);
  }
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
}

/** Builds when stale; returns whether it did. */
function buildIfStale(root = ROOT) {
  if (!isBuildStale(root)) return false;
  build(root);
  return true;
}

module.exports = { isBuildStale, build, buildIfStale, ENTRY, STAMP };

if (require.main === module) {
  if (process.argv.includes('--if-stale')) {
    process.stdout.write(buildIfStale() ? 'built\n' : 'up to date\n');
  } else {
    build();
  }
}
