#!/usr/bin/env node
// The registry this project is built against serves only the linux-x64 builds of packages that ship
// per-platform binaries (@swc/core-*, @foundry-rs/anvil-*). `npm install` then leaves the other
// platforms' optional packages out of package-lock.json, and `npm ci` refuses the lock as out of
// sync. This records each missing optional platform package with its os/cpu, so npm skips it on
// other platforms instead of fetching it. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const CPUS = [
  ['x64', ['amd64', 'x64']],
  ['arm64', ['arm64']],
  ['ia32', ['ia32']],
  ['arm', ['arm-']],
  ['ppc64', ['ppc64']],
  ['s390x', ['s390x']],
];
const added = [];
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (packages[nested] || packages[top]) continue;
    const name = dep.split('/').pop();
    const entry = { version, optional: true };
    const os = ['darwin', 'win32', 'linux', 'freebsd'].find((o) => name.includes(o));
    if (os) entry.os = [os];
    const cpu = CPUS.find(([, keys]) => keys.some((k) => name.includes(k)));
    if (cpu) entry.cpu = [cpu[0]];
    packages[top] = entry;
    added.push(top);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.join(', ')}` : 'lockfile already complete');
