import { configDefaults, defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import DurationSequencer from './vitest.sequencer.ts';

// Three projects in one run (one pool, both cores): 'unit' (views, domain, actors), 'machines' (machines.test) and
// 'server' (against a real Postgres). Only the server project has the global setup that starts the embedded cluster
// its files share, and vitest runs a project's global setup only when files of that project are in the run (a unit
// file alone starts none).
// 'machines' runs its files without isolation (isolate: false: one module graph per worker instead of re-importing
// xstate, the machines and the path helper for every file): the machines are pure and their tests keep no module
// state (each creates its actors, fake timers are per test), so a file cannot see another's. Measured on
// machines.test alone (53 files, 451 tests, load ~4-5): 112 s -> 99 s wall, 107 s -> 59 s user CPU, import 25 -> 17 s.
// The other unit files stay isolated: 34 of them vi.mock modules and 80 set up jsdom, and a whole-unit run without
// isolation hung.
// Files that must not share their cluster with files running at the same time (each runs alone, after the others):
// - replicas: logical replication failed its table sync three times in one full run on three workers (2 of 3 full
//   runs passed), on a cluster busy with the other workers' files; not seen on one worker.
// - service-role-rls: it takes BYPASSRLS from service_role, a role of the whole cluster, to see a platform start give
//   it back. Any platform another worker started in between gave it back first (seen once in a full run on
//   2026-11-29: `expected true to be false`), and other files' service_role reads ran without it meanwhile.
const SERVER_ALONE = ['server/replicas/replicas.test.ts', 'server/pgmeta/service-role-rls.test.ts'];

// The unit files that set up jsdom (`// @vitest-environment jsdom`) run in the 'unit-dom' project on vmThreads: one
// worker per core keeps jsdom and the dependencies loaded, and each file gets a fresh VM context of its own (still
// isolated). On forks each file paid a new process and jsdom's import: for the 83 files, measured on this machine,
// setting up the environment took 198 s summed (2.4 s a file); on vmThreads 10 s; the whole unit run 4 min 30 s ->
// 1 min 44 s. The other unit files stay on forks: Vite's build (production-build.test.ts) fails in a VM context.
const UNIT_GLOBS = ['src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'];
const DOM_MARKER = '@vitest-environment jsdom';
function unitDomFiles(): string[] {
  const files: string[] = [];
  for (const root of ['src', 'e2e/support']) {
    for (const name of readdirSync(root, { recursive: true }) as string[]) {
      if (!/\.test\.tsx?$/.test(name)) continue;
      const file = join(root, name);
      if (readFileSync(file, 'utf8').slice(0, 2000).includes(DOM_MARKER)) files.push(file);
    }
  }
  return files;
}
const UNIT_DOM = unitDomFiles();

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'node',
    testTimeout: 20000,
    // Hooks start platforms and provision projects on the shared cluster, which other workers use at the same time.
    hookTimeout: 180000,
    fileParallelism: true,
    // Longest files first, by the durations kept in vitest.durations.json where vitest's own cache has none (a fresh
    // clone): vitest.sequencer.ts.
    sequence: { sequencer: DurationSequencer },
    pool: 'forks',
    // vitest's default in run mode is one worker less than the cores: a single worker on this 2-core machine, and the
    // server files spend most of their time waiting on Postgres and child processes. Three workers, measured on the
    // server project alone (112 files): 6 min 38 s wall against about 12 min on one worker.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_GLOBS, exclude: [...configDefaults.exclude, ...UNIT_DOM] } },
      { extends: true, test: { name: 'unit-dom', include: UNIT_DOM, pool: 'vmThreads' } },
      { extends: true, test: { name: 'machines', include: ['machines.test/**/*.test.ts'], isolate: false } },
      // 'server' runs its files without isolation too: each file starts its own platforms on databases of its own, and
      // a new process per file re-evaluated the whole server for every file (imports 340 s summed in a full run). The
      // server project alone, 114 files: imports 36 s; its one failure without isolation was a per-process throttle
      // of key-use writes keyed by project id (ids repeat across platform databases), now kept per platform
      // (server/data-api/auth.ts).
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_ALONE],
          globalSetup: ['server/testing/shared-cluster.ts'],
          isolate: false,
        },
      },
      // SERVER_ALONE: after every other file, one file at a time, on a cluster of their own.
      {
        extends: true,
        test: {
          name: 'server-alone',
          include: SERVER_ALONE,
          globalSetup: ['server/testing/shared-cluster.ts'],
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
    ],
  },
});
