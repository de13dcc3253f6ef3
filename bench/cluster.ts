// Issue 23: object storage through the S3 backend against the local folder, same run, as a ratio.
//   - one platform harness per backend on one test cluster (in this process): STRATA_STORAGE_BACKEND=local, and
//     =s3 against s3rver started here (an emulator on the same machine: the figure is the platform's S3 path plus
//     the emulator's disk writes, not a cloud bucket's);
//   - a file of BENCH_CLUSTER_MB MiB (default 32: under a new project's 50 MB upload limit, which refused 64 with a 413) of random bytes, uploaded with POST {project}/storage/v1/object
//     and downloaded whole, BENCH_CLUSTER_RUNS runs (default 5), the two backends alternating first;
//   - sha256 of every download against the source.
// Figures: upload and download times per backend; details: median S3 / median local for each (1 = as fast).
//
// And the Data API's throughput with two platform processes against one (issue 23: "requests/s at p99 <= 100 ms"):
//   - two platform processes (server/main.ts through launchPlatform, as server/cluster/processes.test.ts starts
//     them) on the same test cluster (DATABASE_URL, one platform database, one STRATA_PUBLIC_URL), a project created
//     through the first and seeded as bench/data-api.ts does (100 authors, 10,000 books);
//   - the workload of bench/data-api.ts (b): closed-loop wrk clients, one book by a random id with its author
//     embedded, the project's anon key, every answer checked; at each client count of BENCH_CLUSTER_DATA_API_CLIENTS
//     (default 50,100,200) for BENCH_CLUSTER_DATA_API_SECONDS (default 8) after a 2 s warm-up (and 5 s of both
//     processes once before the sweep), setups alternating first from one level to the next: one process takes
//     all the clients, then the two take half each (two wrk runs at once, one per process: what an even L4 balancer
//     does, without a balancer's own CPU on this machine);
//   - per run: requests/s (the two summed), p99 (the larger of the two runs' p99s: percentiles cannot be merged, so
//     this is the worse half's), failures, the platform processes' CPU ms per request, the load average.
//   The figure of each setup: the highest requests/s among its runs whose p99 <= 100 ms (null when none held it).
//   Needs wrk (Debian's package); without it this part is reported as not measured. On a 2-core machine shared by
//   the client, Postgres and both processes, a second process can only use what the first leaves of the cores.
import { createHash, randomBytes } from 'node:crypto';
import { startTestS3 } from '../server/storage/s3Testing.ts';
import { startStorageFixture, type StorageFixture } from '../server/storage/testing.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startTestCluster, type TestCluster } from '../server/testing/database.ts';
import { launchPlatform, type PlatformProcess } from '../server/testing/processes.ts';
import { cpuSeconds, runWrk, seedDataApi, wrkCommand, wrkScript, type WrkResult } from './data-api.ts';
import { createOrganization, createProject, type Platform } from './support/platform.ts';
import { figure, median, result, type BenchResult } from './support/results.ts';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_CLUSTER_MB ?? 32) * MiB;
const RUNS = Number(process.env.BENCH_CLUSTER_RUNS ?? 5);

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function roundTrip(f: StorageFixture, bytes: Buffer, name: string): Promise<{ upload: number; download: number }> {
  const headers = { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}` };
  const url = `${f.storageUrl}/object/bench/${name}`;
  const up = await timed(async () => {
    const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upsert': 'true' }, body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length) });
    if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  const down = await timed(async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`download ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  if (sha(down.value) !== sha(bytes)) throw new Error(`${name}: the download differs from the upload`);
  return { upload: up.ms, download: down.ms };
}

const API_CLIENTS = (process.env.BENCH_CLUSTER_DATA_API_CLIENTS ?? '50,100,200').split(',').map(Number);
const API_SECONDS = Number(process.env.BENCH_CLUSTER_DATA_API_SECONDS ?? 8);
const P99_BUDGET_MS = 100;

interface ProcessesRun {
  processes: 1 | 2;
  clients: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  platformCpuMsPerRequest: number;
  loadAverage: { before: number; after: number };
}

export interface DataApiProcesses {
  runs: ProcessesRun[];
  /** The highest requests/s of a run with p99 <= 100 ms, per setup (null: no run held it). */
  oneProcess: number | null;
  twoProcesses: number | null;
  /** twoProcesses / oneProcess. */
  ratio: number | null;
}

/** Two platform processes on `cluster` (see the top of this file); the runs of one against two. */
async function dataApiProcesses(cluster: TestCluster, wrk: string): Promise<DataApiProcesses> {
  const root = mkdtempSync(join(tmpdir(), 'strata-bench-procs-'));
  const processes: PlatformProcess[] = [];
  try {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>console</title>');
    const ports = [await freePort(), await freePort()];
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const [index, port] of ports.entries()) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: cluster.url('postgres'),
        STRATA_PLATFORM_DATABASE: `strata_platform_bench_${process.pid}`,
        STRATA_DATA_DIR: join(root, `data-${index}`),
        STRATA_DIST_DIR: join(root, 'dist'),
        STRATA_MODE: 'platform',
        STRATA_PUBLIC_URL: urls[0],
        STRATA_AUTH_AUTOCONFIRM: '1',
      };
      delete env.STRATA_PG_PORT;
      processes.push(launchPlatform(env));
    }
    await Promise.all(processes.map((one) => one.waitFor(/Database ready in \d+ ms/, 120_000)));
    const [a] = urls as [string, string];
    const signUp = await fetch(`${a}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-procs-${Date.now()}@example.com`, password: 'Bench-password-123!' }),
    });
    const session = (await signUp.json()) as { access_token: string };
    if (!signUp.ok || !session.access_token) throw new Error(`sign-up -> ${signUp.status}`);
    const { slug } = await createOrganization(a, session.access_token);
    const { ref } = await createProject(a, session.access_token, slug, 'Bench processes');
    const target = await seedDataApi({ url: a } as Platform, session as Parameters<typeof seedDataApi>[1], ref);
    const dir = join(root, 'wrk');
    mkdirSync(dir);
    const script = join(dir, 'data-api.lua');
    writeFileSync(script, wrkScript(target.headers));
    const path = `/p/${ref}/rest/v1/books?select=id,title,authors(name)`;
    const runs: ProcessesRun[] = [];
    const platformCpu = () => processes.reduce((sum, one) => sum + cpuSeconds(one.child.pid!), 0);
    // A fresh process compiles its code and opens its pool under the first load (its first seconds cost several
    // times a warm request's CPU): both are warmed together before the sweep, beside each run's own warm-up.
    await Promise.all(urls.map((url) => runWrk(wrk, script, `${url}${path}`, 50, 5)));
    for (const [level, clients] of API_CLIENTS.entries()) {
      // The setups alternate first from one level to the next, so a drift of the shared machine's load is spread.
      for (const count of level % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
        const shares = count === 1 ? [{ url: urls[0]!, clients }] : urls.map((url, i) => ({ url, clients: i === 0 ? Math.ceil(clients / 2) : Math.floor(clients / 2) }));
        const all = (seconds: number) => Promise.all(shares.map((share) => runWrk(wrk, script, `${share.url}${path}`, share.clients, seconds)));
        await all(2); // warm-up: connections open, code compiled
        const loadBefore = loadavg()[0]!;
        const cpuBefore = platformCpu();
        const results: WrkResult[] = await all(API_SECONDS);
        const cpuAfter = platformCpu();
        const requests = results.reduce((sum, r) => sum + r.requests, 0);
        const failures = results.reduce((sum, r) => sum + r.bad + r.socketErrors + r.timeouts, 0);
        runs.push({
          processes: count,
          clients,
          requestsPerSecond: Math.round(results.reduce((sum, r) => sum + (r.requests - r.bad) / (r.durationUs / 1e6), 0)),
          p50: Math.max(...results.map((r) => r.p50)) / 1000,
          p99: Math.max(...results.map((r) => r.p99)) / 1000,
          failures,
          platformCpuMsPerRequest: Math.round(((cpuAfter - cpuBefore) * 1e6) / Math.max(requests, 1)) / 1000,
          loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 },
        });
      }
    }
    const best = (count: 1 | 2) => {
      const held = runs.filter((run) => run.processes === count && run.failures === 0 && run.p99 <= P99_BUDGET_MS);
      return held.length ? Math.max(...held.map((run) => run.requestsPerSecond)) : null;
    };
    const one = best(1);
    const two = best(2);
    return { runs, oneProcess: one, twoProcesses: two, ratio: one && two ? Math.round((two / one) * 100) / 100 : null };
  } finally {
    for (const one of processes) if (one.child.exitCode === null) one.child.kill('SIGTERM');
    await Promise.all(processes.map((one) => one.exited()));
    rmSync(root, { recursive: true, force: true });
  }
}

export async function clusterBench(): Promise<BenchResult> {
  const cluster = await startTestCluster();
  const wrk = process.env.BENCH_CLUSTER_PARTS === 'storage' ? null : wrkCommand();
  // First, while nothing else of this bench runs: the Data API with one platform process and with two.
  const processes = wrk ? await dataApiProcesses(cluster, wrk) : null;
  if (process.env.BENCH_CLUSTER_PARTS === 'data-api') {
    await cluster.close().catch(() => {});
    return result('cluster', 1, {}, {}, { dataApiTwoProcesses: processes ?? 'not measured (wrk is not installed)' });
  }
  const s3 = await startTestS3('strata-bench');
  const local = await startStorageFixture({ cluster });
  const remote = await startStorageFixture({ cluster, storage: s3.config });
  try {
    for (const f of [local, remote]) await f.client().createBucket('bench');
    const bytes = randomBytes(SIZE);
    const samples = { local_upload: [] as number[], s3_upload: [] as number[], local_download: [] as number[], s3_download: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? (['local', 's3'] as const) : (['s3', 'local'] as const);
      for (const backend of order) {
        const times = await roundTrip(backend === 'local' ? local : remote, bytes, `run-${run}.bin`);
        samples[`${backend}_upload`].push(times.upload);
        samples[`${backend}_download`].push(times.download);
      }
    }
    const ratio = (a: number[], b: number[]) => Math.round((median(a) / median(b)) * 100) / 100;
    return result(
      'cluster',
      RUNS,
      {
        local_upload: figure('ms', samples.local_upload, `POST of ${SIZE / MiB} MiB, local folder`),
        s3_upload: figure('ms', samples.s3_upload, `POST of ${SIZE / MiB} MiB, S3 backend (s3rver)`),
        local_download: figure('ms', samples.local_download, `GET of ${SIZE / MiB} MiB, local folder`),
        s3_download: figure('ms', samples.s3_download, `GET of ${SIZE / MiB} MiB, S3 backend (s3rver)`),
      },
      {},
      {
        sizeMiB: SIZE / MiB,
        uploadRatioS3ToLocal: ratio(samples.s3_upload, samples.local_upload),
        downloadRatioS3ToLocal: ratio(samples.s3_download, samples.local_download),
        dataApiTwoProcesses: processes ?? 'not measured (wrk is not installed)',
      },
    );
  } finally {
    await remote.close().catch(() => {});
    await local.close().catch(() => {});
    await s3.close().catch(() => {});
    await cluster.close().catch(() => {});
  }
}

export function printClusterDetails(res: BenchResult): void {
  const d = res.details as { uploadRatioS3ToLocal?: number; downloadRatioS3ToLocal?: number; sizeMiB?: number; dataApiTwoProcesses?: DataApiProcesses | string } | undefined;
  if (d?.sizeMiB) console.log(`S3 / local (median, ${d.sizeMiB} MiB): upload ${d.uploadRatioS3ToLocal}, download ${d.downloadRatioS3ToLocal}`);
  const p = d?.dataApiTwoProcesses;
  if (typeof p === 'string') console.log(`Data API, two processes against one: ${p}`);
  else if (p) {
    for (const run of p.runs) {
      console.log(`Data API, ${run.processes} process(es), ${run.clients} clients: ${run.requestsPerSecond}/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.failures} failures, platform CPU ${run.platformCpuMsPerRequest} ms/request, load ${run.loadAverage.before} -> ${run.loadAverage.after}`);
    }
    console.log(`Data API requests/s at p99 <= ${P99_BUDGET_MS} ms: one process ${p.oneProcess ?? 'none held it'}, two ${p.twoProcesses ?? 'none held it'}${p.ratio ? ` (x${p.ratio})` : ''}`);
  }
}
