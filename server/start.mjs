// @ts-check
// `npm start`: builds the console and bundles the platform, each only when its sources changed since its last build,
// then runs the bundled platform in this process. A rebuild costs seconds; checking the sources' modification times
// costs milliseconds (issue 15: ≤2 s to the first 200 on an already-built tree). Plain JavaScript, so no TypeScript
// loader is ever registered in the platform's process (issue 15's memory budget: scripts/build-server.mjs).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsStale, bundleServerIfStale, writeBuildStamp } from './build-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(root, process.env.STRATA_DIST_DIR?.trim() || 'dist');
const serverDir = join(root, '.build', 'server');

/** @param {string} what @param {string} command @param {string[]} args */
function run(what, command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[strata] ${what} did not build; see the messages above`);
    process.exit(result.status ?? 1);
  }
}

const consoleStale = buildIsStale(root, distDir);
if (consoleStale) {
  console.log(`[strata] building the console (${consoleStale})`);
  run('the console', join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', distDir, '--emptyOutDir']);
  writeBuildStamp(root, distDir);
}

try {
  bundleServerIfStale(root, serverDir);
} catch (error) {
  console.error(`[strata] the platform did not build (${/** @type {Error} */ (error).message}); see the messages above`);
  process.exit(1);
}

await import(pathToFileURL(join(serverDir, 'main.js')).href);
