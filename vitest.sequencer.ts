import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order vitest hands files to its workers. vitest runs the longest files first when its results cache
// (node_modules/.vite/vitest) knows their durations, and by file size otherwise: on a fresh clone (CI) the long server
// files then started late and made a tail with workers idle (a whole run, measured on this 2-core machine: 392 s
// without the cache, 344 s with it). So the durations of a whole run are kept in the repository
// (vitest.durations.json, written by `npm run test:durations` from the cache) and stand in for the cache's where it
// has none. Only the order changes: which files run, and how, does not. A file missing from both runs first, as
// vitest does with files it does not know.
export const DURATIONS_FILE = new URL('./vitest.durations.json', import.meta.url);

export function readDurations(file: URL | string = DURATIONS_FILE): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

interface Ranked {
  spec: TestSpecification;
  failed: boolean;
  duration: number | undefined;
}

/** Longest first, after vitest's own rules: group order, then projects one after another, isolated first, failed first. */
export function compareRanked(a: Ranked, b: Ranked): number {
  const groupOrder = a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder;
  if (groupOrder !== 0) return groupOrder;
  if (a.spec.project.name !== b.spec.project.name) return a.spec.project.name < b.spec.project.name ? -1 : 1;
  if (a.spec.project.config.isolate !== b.spec.project.config.isolate) return a.spec.project.config.isolate ? -1 : 1;
  if (a.failed !== b.failed) return a.failed ? -1 : 1;
  if (a.duration === undefined || b.duration === undefined) return a.duration === undefined ? (b.duration === undefined ? 0 : -1) : 1;
  return b.duration - a.duration;
}

export default class DurationSequencer extends BaseSequencer {
  private readonly kept = readDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const ranked = files.map((spec): Ranked => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = cache.getFileTestResults(key);
      return { spec, failed: cached?.failed ?? false, duration: cached?.duration ?? this.kept[key] };
    });
    return ranked.sort(compareRanked).map(({ spec }) => spec);
  }
}
