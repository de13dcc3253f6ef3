// @ts-check
// Whether a build (the console's dist/, the platform's bundle) is older than its sources. The stamp records a
// fingerprint of every input's path, size and modification time; any added, removed or changed file makes it differ.
// Plain JavaScript: `npm start` (server/start.mjs) runs it before anything can compile TypeScript.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @typedef {{ dirs: string[]; files: string[] }} BuildInputs */

/** What `vite build` reads: the app's sources and its build configuration. @type {BuildInputs} */
export const CONSOLE_INPUTS = {
  dirs: ['src', 'machines', 'public'],
  files: ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.app.json'],
};

/** What the platform's bundle (scripts/build-server.mjs) reads. @type {BuildInputs} */
export const SERVER_INPUTS = {
  dirs: ['server'],
  files: ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.node.json', 'scripts/build-server.mjs'],
};

const STAMP_FILE = '.strata-build-stamp';

/** @param {string} dir @param {string[]} out */
function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/**
 * A fingerprint of the build's inputs under `root`. Exported for its test.
 * @param {string} root
 * @param {BuildInputs} [inputs]
 */
export function inputFingerprint(root, inputs = CONSOLE_INPUTS) {
  /** @type {string[]} */
  const files = [];
  for (const dir of inputs.dirs) walk(join(root, dir), files);
  for (const file of inputs.files) if (existsSync(join(root, file))) files.push(join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Tests beside sources do not go into a build.
    if (/\.test\.tsx?$/.test(file)) continue;
    const stat = statSync(file);
    hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Why the build in `outDir` must be made again, or null when it matches the sources. `entry` is the file a build
 * always has (the console's index.html, the bundle's main.js).
 * @param {string} root
 * @param {string} outDir
 * @param {BuildInputs} [inputs]
 * @param {string} [entry]
 * @returns {string | null}
 */
export function buildIsStale(root, outDir, inputs = CONSOLE_INPUTS, entry = 'index.html') {
  if (!existsSync(join(outDir, entry))) return 'no build yet';
  let stamp = '';
  try {
    stamp = readFileSync(join(outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return 'the build has no stamp';
  }
  return stamp === inputFingerprint(root, inputs) ? null : 'the sources changed since the last build';
}

/** @param {string} root @param {string} outDir @param {BuildInputs} [inputs] */
export function writeBuildStamp(root, outDir, inputs = CONSOLE_INPUTS) {
  writeFileSync(join(outDir, STAMP_FILE), `${inputFingerprint(root, inputs)}\n`);
}

/**
 * Bundles the platform into `outDir` (scripts/build-server.mjs, in a child process: esbuild never loads into the
 * caller, which may be the platform's own process) when its sources changed since the last bundle, and stamps it.
 * Shared by `npm start` (server/start.mjs) and the benches (bench/support/platform.ts). Returns why it bundled, or
 * null when the bundle was current; throws when the bundler failed (its messages went to this process's stderr).
 * @param {string} root
 * @param {string} outDir
 * @param {(line: string) => void} [log]
 * @returns {string | null}
 */
export function bundleServerIfStale(root, outDir, log = (line) => console.log(line)) {
  const stale = buildIsStale(root, outDir, SERVER_INPUTS, 'main.js');
  if (!stale) return null;
  log(`[strata] bundling the platform (${stale})`);
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs'), outDir], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`the platform bundle failed (exit ${run.status ?? run.signal})`);
  writeBuildStamp(root, outDir, SERVER_INPUTS);
  return stale;
}
