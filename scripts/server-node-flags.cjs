// Node flags every way of starting the server passes (`npm start`, the Dockerfile, docker-compose, the
// tests' and benchmarks' spawned services); test/build/server-node-flags.spec.ts holds them in step.
'use strict';

/**
 * `--max-semi-space-size=64` (MiB; Node 20's default is 16): a catch-up keeps each range of blocks alive
 * from its read to its projection, so with the default young generation much of it outlived two
 * scavenges and was copied twice. With 64 MiB the scavenges of a spread catch-up took 300-520 ms instead
 * of 470-710 ms, and the server's CPU fell by about 0.25 s of 4.1 s (docs/benchmarks.md, 2026-11-28,
 * third session). V8 grows the young generation only as far as it is used.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

module.exports = { SERVER_NODE_FLAGS };
