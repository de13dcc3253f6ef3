// The local platform's own targets, on the real platform as `npm start` runs it (the bundle .build/server/main.js) with its embedded Postgres:
//  (a) start-up: spawn -> first 200 from /dashboard/ (fetch every 10 ms), on the very first start with an empty
//      data folder (initdb included when the platform does it before serving) and again with the folder that start
//      left; also, informative, spawn -> first 200 from /auth/v1/health (the database is up and migrated).
//  (b) a new project: POST /api/platform/projects -> GET .../status says ACTIVE_HEALTHY (polled every 10 ms).
//  (c) resident memory with five projects, each queried once through POST /api/platform/pg-meta/{ref}/query:
//      VmRSS summed over the node process tree (the platform's Node process and its pgbouncers) and every postgres process of the cluster.
//      Shared memory is counted once per process that maps it, so the sum overstates; PSS is reported beside it.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { platformFootprint } from './support/procs.ts';
import {
  createOrganization,
  createProject,
  ensureBuilt,
  query,
  signUp,
  startPlatform,
  tempDataDir,
  waitApiReady,
  type Platform,
  type StopReport,
} from './support/platform.ts';
import { figure, result, sleep, type BenchResult, type Figure } from './support/results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROJECTS_TIMED = 3;
const PROJECTS_FOR_MEMORY = 5;
const MEMORY_SAMPLES = 5;

const BUDGET = {
  'start.existing.first-page': 2000,
  'start.empty.first-page': 5000,
  'project.ready': 2000,
  'memory.rss': 250,
};

interface StartRun {
  firstPageMs: number;
  apiReadyMs: number;
  stop: StopReport;
}

async function timedStart(dataDir: string): Promise<StartRun> {
  const platform = await startPlatform({ dataDir });
  try {
    const apiReadyMs = await waitApiReady(platform);
    const firstPageMs = platform.firstPageMs;
    return { firstPageMs, apiReadyMs, stop: await platform.stop({ keepDataDir: true }) };
  } catch (error) {
    await platform.stop({ keepDataDir: true });
    throw error;
  }
}

export async function platformBench(): Promise<BenchResult> {
  ensureBuilt();
  const figures: Record<string, Figure> = {};
  const details: Record<string, unknown> = {};
  const dirs: string[] = [];
  let platform: Platform | null = null;

  try {
    // (a) start-up. Each empty run gets its own folder; the first one's folder is then reused for the existing runs.
    const empty: StartRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dir = tempDataDir('bench-start');
      dirs.push(dir);
      empty.push(await timedStart(dir));
    }
    const existingDir = dirs[0]!;
    if (!existsSync(join(existingDir, 'pg', 'PG_VERSION'))) throw new Error(`no cluster was created in ${existingDir}`);
    const existing: StartRun[] = [];
    for (let run = 0; run < RUNS; run++) existing.push(await timedStart(existingDir));

    figures['start.empty.first-page'] = figure('ms', empty.map((r) => r.firstPageMs), 'spawn -> first 200 from /dashboard/, empty data folder');
    figures['start.existing.first-page'] = figure('ms', existing.map((r) => r.firstPageMs), 'spawn -> first 200 from /dashboard/, data folder of an earlier start');
    figures['start.empty.api-ready'] = figure('ms', empty.map((r) => r.apiReadyMs), 'spawn -> first 200 from /auth/v1/health, empty data folder');
    figures['start.existing.api-ready'] = figure('ms', existing.map((r) => r.apiReadyMs), 'spawn -> first 200 from /auth/v1/health, existing data folder');
    const stops = [...empty, ...existing].map((r) => r.stop);
    figures['stop'] = figure('ms', stops.map((s) => s.stopMs), 'SIGTERM -> process exit (platform and its cluster)');
    details.stops = stops;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });

    // (b) project creation, then (c) memory with five projects on the same platform.
    platform = await startPlatform();
    await waitApiReady(platform);
    const session = await signUp(platform.url);
    const { slug } = await createOrganization(platform.url, session.access_token);
    const projects: { ref: string; readyMs: number }[] = [];
    for (let n = 1; n <= PROJECTS_FOR_MEMORY; n++) {
      projects.push(await createProject(platform.url, session.access_token, slug, `Bench project ${n}`));
    }
    figures['project.ready'] = figure(
      'ms',
      projects.slice(0, PROJECTS_TIMED).map((p) => p.readyMs),
      `POST /api/platform/projects -> status ACTIVE_HEALTHY, projects 1-${PROJECTS_TIMED} of a new platform`,
    );
    figures['project.ready.4-5'] = figure('ms', projects.slice(PROJECTS_TIMED).map((p) => p.readyMs), 'the same for projects 4 and 5 (informative)');

    for (const project of projects) await query(platform.url, session.access_token, project.ref, 'select 1');
    await sleep(1000);
    const samples = [];
    for (let n = 0; n < MEMORY_SAMPLES; n++) {
      if (n > 0) await sleep(250);
      samples.push(platformFootprint(platform.child.pid!, join(platform.dataDir, 'pg')));
    }
    const mb = (kb: number) => kb / 1024;
    figures['memory.rss'] = figure(
      'MB',
      samples.map((s) => s.rssMB),
      `VmRSS sum (MiB): node tree + postgres cluster, ${PROJECTS_FOR_MEMORY} projects each queried once (${MEMORY_SAMPLES} samples)`,
    );
    figures['memory.rss.node'] = figure('MB', samples.map((s) => mb(s.processes.filter((p) => p.role === 'node').reduce((t, p) => t + p.rssKB, 0))));
    figures['memory.rss.postgres'] = figure('MB', samples.map((s) => mb(s.processes.filter((p) => p.role === 'postgres').reduce((t, p) => t + p.rssKB, 0))));
    if (samples.every((s) => s.pssMB !== null)) {
      figures['memory.pss'] = figure('MB', samples.map((s) => s.pssMB!), 'PSS sum (shared pages split between processes), same processes');
    }
    const last = samples[samples.length - 1]!;
    details.memoryProcesses = last.processes;
    details.projects = projects.map((p) => ({ readyMs: Math.round(p.readyMs) }));
    details.platformStop = await platform.stop();
    platform = null;

    return result('platform', RUNS, figures, BUDGET, details);
  } finally {
    if (platform) await platform.stop().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
