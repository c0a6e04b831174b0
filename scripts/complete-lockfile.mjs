// The registry mirror used here serves only this platform's DuckDB binding, so
// `npm install` drops the other platforms' entries from package-lock.json and
// `npm ci` then refuses the lock. This adds the missing optional entries back
// (version, os, cpu, libc only; npm skips them on other platforms).
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const bindings = lock.packages['node_modules/@duckdb/node-bindings'];
const platforms = {
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64': ['linux', 'arm64', 'glibc'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64': ['linux', 'x64', 'glibc'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
for (const [name, version] of Object.entries(bindings.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [os, cpu, libc] = platforms[name.replace('@duckdb/node-bindings-', '')] ?? [];
  const platform = { cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
  lock.packages[key] = { version, ...platform, license: 'MIT', optional: true, os: [os] };
}
const rootFirst = ([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1);
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(rootFirst));
lock.packages = sorted;
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
