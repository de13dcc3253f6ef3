// Writes vitest.durations.json from vitest's results cache (node_modules/.vite/vitest/*/results.json): each test
// file's duration in the last run that ran it, rounded to 100 ms. vitest.sequencer.ts orders a run without the cache
// (a fresh clone, CI) by these. Run it after a whole `vitest run` when files were added or got much slower or faster.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = 'node_modules/.vite/vitest';
/** @type {Record<string, number>} */
const durations = {};
for (const hash of readdirSync(root)) {
  let results;
  try {
    results = JSON.parse(readFileSync(join(root, hash, 'results.json'), 'utf8')).results;
  } catch {
    continue;
  }
  for (const [key, value] of results) {
    if (typeof value?.duration === 'number' && value.duration > 0) durations[key] = Math.max(100, Math.round(value.duration / 100) * 100);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync('vitest.durations.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`vitest.durations.json: ${Object.keys(sorted).length} files`);
