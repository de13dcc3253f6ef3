// `npm start`: builds the console only when its sources changed since the last build, then starts the platform.
// A rebuild costs seconds; checking ~600 files' modification times costs milliseconds (issue 15: ≤2 s to the first
// 200 on an already-built tree).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, writeBuildStamp } from './build-stamp.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(root, process.env.STRATA_DIST_DIR?.trim() || 'dist');

const stale = buildIsStale(root, distDir);
if (stale) {
  console.log(`[strata] building the console (${stale})`);
  const vite = join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[strata] the console did not build; see the messages above');
    process.exit(result.status ?? 1);
  }
  writeBuildStamp(root, distDir);
}

await import('./main.ts');
