// Issue 6 target: CSV export of a 1,000,000-row table through the platform at 50 % or more of a raw
// `COPY … TO STDOUT` (pg-copy-streams) on the same engine in the same run, never materialized.
//   - a fresh platform on the embedded Postgres 15, then (when BENCH_DATABASE_URL is set) one on that existing
//     server (figures `external.*`), each with one project;
//   - table bench_export of BENCH_EXPORT_ROWS rows (default 1,000,000): id, text, numeric, timestamptz, boolean;
//   - raw: a Node pg client logged in as the project owner, `COPY (select * from …) TO STDOUT WITH (FORMAT csv,
//     HEADER)` through pg-copy-streams, every chunk consumed;
//   - platform: POST /api/platform/pg-meta/{ref}/export, then GET of the signed link over HTTP, the whole body
//     consumed (bytes counted, nothing kept);
//   - BENCH_EXPORT_RUNS runs (default 3), raw and platform alternating first; both bodies must have equal sizes;
//   - the platform's RSS (the node process) before, and its peak during each platform export (sampled every 50 ms).
// Budget: median platform time ≤ median raw time / 0.5 (ratio ≤ 1 means the 50 % target is met).
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createOrganization, query, signUp, startPlatform, waitActive, waitApiReady } from './support/platform.ts';
import { procInfo } from './support/procs.ts';
import { figure, median, result, type BenchResult } from './support/results.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const TARGET = 0.5;
const SELECT = 'select * from public.bench_export';

async function api<T>(url: string, method: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const rssMB = (pid: number) => (procInfo(pid)?.rssKB ?? 0) / 1024;

async function rawCopy(config: pg.ClientConfig): Promise<{ ms: number; bytes: number }> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const start = performance.now();
    let bytes = 0;
    for await (const chunk of client.query(copyTo(`copy (${SELECT}) to stdout with (format csv, header)`))) bytes += (chunk as Buffer).length;
    return { ms: performance.now() - start, bytes };
  } finally {
    await client.end();
  }
}

async function platformExport(base: string, token: string, ref: string): Promise<{ ms: number; bytes: number; requestMs: number }> {
  const start = performance.now();
  const { url } = await api<{ url: string }>(`${base}/api/platform/pg-meta/${ref}/export`, 'POST', token, { schema: 'public', table: 'bench_export' });
  const requestMs = performance.now() - start;
  const link = new URL(url);
  const response = await fetch(`${base}${link.pathname}${link.search}`);
  if (!response.ok) throw new Error(`export GET -> ${response.status}: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { ms: performance.now() - start, bytes, requestMs };
}

type Measured = Pick<BenchResult, 'figures' | 'budget' | 'details'>;

async function measureOn(external: string | undefined): Promise<Measured> {
  const platform = await startPlatform(external ? { env: { DATABASE_URL: external } } : {});
  try {
    await waitApiReady(platform);
    const session = await signUp(platform.url);
    const token = session.access_token;
    const { slug } = await createOrganization(platform.url, token);
    const dbPass = `Bench-${Math.random().toString(36).slice(2)}-pw`;
    const { ref } = await api<{ ref: string }>(`${platform.url}/api/platform/projects`, 'POST', token, {
      organization_slug: slug,
      name: 'Export bench',
      db_pass: dbPass,
      db_region: 'local',
    });
    await waitActive(platform.url, token, ref);
    const project = await api<{ db_host: string; db_port: number; db_name: string; db_user: string }>(`${platform.url}/api/platform/projects/${ref}/settings`, 'GET', token);
    const owner: pg.ClientConfig = { host: project.db_host, port: project.db_port, database: project.db_name, user: project.db_user, password: dbPass };

    const seedStart = performance.now();
    await query(platform.url, token, ref, `create table public.bench_export as
      select i as id, 'customer ' || md5(i::text) as name, round((i * 1.37)::numeric, 2) as price,
             timestamptz '2024-01-01' + i * interval '1 minute' as created_at, i % 3 = 0 as active
        from generate_series(1, ${ROWS}) i;
      alter table public.bench_export add primary key (id); analyze public.bench_export`);
    const seedMs = performance.now() - seedStart;

    const serverPid = platform.child.pid!;
    const rssBefore = rssMB(serverPid);
    const raw: number[] = [];
    const viaPlatform: number[] = [];
    const requestMs: number[] = [];
    const rssPeak: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? (['raw', 'platform'] as const) : (['platform', 'raw'] as const);
      for (const kind of order) {
        if (kind === 'raw') {
          const measured = await rawCopy(owner);
          raw.push(measured.ms);
          bytes = measured.bytes;
        } else {
          let peak = rssMB(serverPid);
          const timer = setInterval(() => (peak = Math.max(peak, rssMB(serverPid))), 50);
          const measured = await platformExport(platform.url, token, ref).finally(() => clearInterval(timer));
          viaPlatform.push(measured.ms);
          requestMs.push(measured.requestMs);
          rssPeak.push(Math.max(peak, rssMB(serverPid)));
          if (bytes && measured.bytes !== bytes) throw new Error(`platform export has ${measured.bytes} bytes, raw COPY ${bytes}`);
          bytes = measured.bytes;
        }
      }
    }
    const rowsPerSecond = (ms: number) => Math.round(ROWS / (ms / 1000));
    return {
      figures: {
        'raw.copy': figure('ms', raw, `COPY … TO STDOUT via pg-copy-streams, ${ROWS} rows, project owner role`),
        platform: figure('ms', viaPlatform, 'POST /export + GET of the signed link, whole body consumed over HTTP'),
        'platform.linkRequest': figure('ms', requestMs, 'POST /export alone (checks the table and filters)'),
        'server.rss.before': figure('MB', [rssBefore], 'platform node process'),
        'server.rss.peak': figure('MB', rssPeak, 'platform node process, peak during each export'),
        'server.rss.growth': figure('MB', rssPeak.map((peak) => peak - rssBefore), 'peak during export minus before the first'),
      },
      budget: { platform: median(raw) / TARGET },
      details: {
        database: external ? 'BENCH_DATABASE_URL (external server)' : 'embedded PostgreSQL 15',
        rows: ROWS,
        csvBytes: bytes,
        seedMs: Math.round(seedMs),
        rawRowsPerSecond: raw.map(rowsPerSecond),
        platformRowsPerSecond: viaPlatform.map(rowsPerSecond),
        platformOverRaw: raw.map((ms, i) => Math.round((ms / viaPlatform[i]!) * 1000) / 1000),
        target: `platform ≥ ${TARGET * 100} % of raw COPY throughput`,
      },
    };
  } finally {
    await platform.stop();
  }
}

/** The embedded cluster, then, when BENCH_DATABASE_URL names an existing server, that server (figures `external.*`). */
export async function tableExportBench(): Promise<BenchResult> {
  const embedded = await measureOn(undefined);
  const url = process.env.BENCH_DATABASE_URL;
  const external = url ? await measureOn(url) : null;
  const prefixed = <T>(record: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [`external.${key}`, value]));
  return result(
    'table-export',
    RUNS,
    { ...embedded.figures, ...(external ? prefixed(external.figures) : {}) },
    { ...embedded.budget, ...(external ? prefixed(external.budget) : {}) },
    { embedded: embedded.details, external: external?.details ?? 'not measured: set BENCH_DATABASE_URL to an existing server' },
  );
}

export function printTableExportDetails(res: BenchResult): void {
  const all = res.details as Record<string, unknown> | undefined;
  for (const d of [all?.embedded, all?.external] as Array<{ rawRowsPerSecond: number[]; platformRowsPerSecond: number[]; platformOverRaw: number[]; database: string } | string | undefined>) {
    if (!d || typeof d === 'string') continue;
    console.log(`database: ${d.database}`);
  console.log(`raw COPY rows/s:  ${d.rawRowsPerSecond.join(', ')}`);
  console.log(`platform rows/s:  ${d.platformRowsPerSecond.join(', ')}`);
    console.log(`platform / raw:   ${d.platformOverRaw.join(', ')}  (median ${median(d.platformOverRaw).toFixed(3)}; target ≥ ${TARGET})`);
  }
}
