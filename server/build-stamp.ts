// Whether the built console (dist/) is older than its sources. The stamp records a fingerprint of every input's
// path, size and modification time; any added, removed or changed file makes it differ.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What `vite build` reads: the app's sources and its build configuration. */
const INPUT_DIRS = ['src', 'machines', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.app.json'];
const STAMP_FILE = '.strata-build-stamp';

function walk(dir: string, out: string[]): void {
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

/** A fingerprint of the build's inputs under `root`. Exported for its test. */
export function inputFingerprint(root: string): string {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) walk(join(root, dir), files);
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Tests beside sources do not go into the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    const stat = statSync(file);
    hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Why the console must be built, or null when dist/ matches the sources. */
export function buildIsStale(root: string, distDir: string): string | null {
  if (!existsSync(join(distDir, 'index.html'))) return 'no build yet';
  let stamp = '';
  try {
    stamp = readFileSync(join(distDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return 'the build has no stamp';
  }
  return stamp === inputFingerprint(root) ? null : 'the sources changed since the last build';
}

export function writeBuildStamp(root: string, distDir: string): void {
  writeFileSync(join(distDir, STAMP_FILE), `${inputFingerprint(root)}\n`);
}
