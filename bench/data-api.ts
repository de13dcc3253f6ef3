// The project's Data API (issue 17 targets: "a 1,000-row select with one embedded resource ≤ 20 ms server time;
// 200 concurrent clients for 10 s hold p99 ≤ 100 ms locally"). The real platform (its own process, embedded
// cluster) with one project; 100 authors and 10,000 books are seeded through the query endpoint. Then, over HTTP on
// loopback with the project's anon key:
//   (a) GET /p/{ref}/rest/v1/books?select=id,title,pages,published,authors(id,name)&order=id&limit=1000 — 5 warm-ups,
//       then 50 runs: the server's own time (its Server-Timing header, from the request entering the Data API to
//       the response being handed to the HTTP server) and the client's round trip;
//   (b) 200 concurrent clients, each sending one request after the other for 10 s: one book by a random id with its
//       author embedded (`books?select=id,title,authors(name)&id=eq.N`), latency of every request, p50/p99/max,
//       requests per second and failures.
// Budgets: (a) server 20 ms, (b) p99 100 ms.
import { loadavg } from 'node:os';
import { ensureBuilt, platformWithProject } from './support/platform.ts';
import { figure, result, since, type BenchResult } from './support/results.ts';

const BOOKS = 10_000;
const RUNS = 50;
const CLIENTS = Number(process.env.BENCH_DATA_API_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_DATA_API_SECONDS ?? 10);
const BUDGET = { 'select-1000-embed.server': 20, 'concurrent.p99': 100 };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function serverTiming(response: Response): number {
  const match = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  if (!match) throw new Error('no Server-Timing header on the Data API response');
  return Number(match[1]);
}

export async function dataApiBench(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  try {
    const token = session.access_token;
    const settings = await fetch(`${platform.url}/api/platform/projects/${ref}/settings`, { headers: { authorization: `Bearer ${token}` } });
    const keys = ((await settings.json()) as { service_api_keys: { tags: string; api_key: string }[] }).service_api_keys;
    const anon = keys.find((k) => k.tags === 'anon')!.api_key;
    const seed = await fetch(`${platform.url}/api/platform/pg-meta/${ref}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `create table public.authors (id int primary key, name text not null);
                create table public.books (id int primary key, title text not null, pages int, published date,
                                           author_id int references public.authors (id));
                create index on public.books (author_id);
                insert into public.authors select g, 'Author ' || g from generate_series(1, 100) g;
                insert into public.books select g, 'Book number ' || g, 100 + g % 700, date '2000-01-01' + g, 1 + g % 100
                  from generate_series(1, ${BOOKS}) g;
                analyze public.authors; analyze public.books;`,
      }),
    });
    if (!seed.ok) throw new Error(`seed -> ${seed.status} ${await seed.text()}`);
    const rest = `${platform.url}/p/${ref}/rest/v1`;
    const headers = { apikey: anon, authorization: `Bearer ${anon}` };

    // (a) a 1,000-row select with one embedded resource.
    const bigUrl = `${rest}/books?select=id,title,pages,published,authors(id,name)&order=id&limit=1000`;
    const server: number[] = [];
    const http: number[] = [];
    let bytes = 0;
    for (let run = -5; run < RUNS; run++) {
      const start = performance.now();
      const response = await fetch(bigUrl, { headers });
      const rows = (await response.json()) as { authors: { name: string } | null }[];
      const ms = since(start);
      if (!response.ok || rows.length !== 1000 || !rows[0]?.authors?.name) throw new Error(`select -> ${response.status}, ${rows.length} rows`);
      if (run < 0) continue;
      server.push(serverTiming(response));
      http.push(ms);
      bytes = Number(response.headers.get('content-length') ?? 0) || JSON.stringify(rows).length;
    }

    // (b) 200 concurrent clients for 10 s.
    const latencies: number[] = [];
    const serverLatencies: number[] = [];
    let failures = 0;
    const firstFailures: string[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const id = 1 + Math.floor(Math.random() * BOOKS);
        const start = performance.now();
        try {
          const response = await fetch(`${rest}/books?select=id,title,authors(name)&id=eq.${id}`, { headers });
          const rows = (await response.json()) as unknown[];
          const ms = since(start);
          if (!response.ok || rows.length !== 1) {
            failures++;
            if (firstFailures.length < 5) firstFailures.push(`${response.status} ${JSON.stringify(rows).slice(0, 200)}`);
          } else {
            latencies.push(ms);
            serverLatencies.push(serverTiming(response));
          }
        } catch (error) {
          failures++;
          if (firstFailures.length < 5) firstFailures.push(String(error));
        }
      }
    };
    const loadStart = performance.now();
    // The machine's 1-minute load average around the run: other work on a shared machine changes these figures.
    const loadBefore = loadavg()[0]!;
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const loadAfter = loadavg()[0]!;
    const loadSeconds = since(loadStart) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const serverSorted = [...serverLatencies].sort((a, b) => a - b);
    const p = (values: number[], q: number) => percentile(values, q);

    return result(
      'data-api',
      RUNS,
      {
        'select-1000-embed.server': figure('ms', server, 'Server-Timing of GET books?select=…,authors(id,name)&limit=1000 (1,000 rows, one many-to-one embed), anon key'),
        'select-1000-embed.http': figure('ms', http, 'the same, client round trip over loopback including JSON parsing'),
        'concurrent.p50': figure('ms', [p(sorted, 50)], `${CLIENTS} clients × ${SECONDS} s, one book by id with its author embedded`),
        'concurrent.p99': figure('ms', [p(sorted, 99)], `${CLIENTS} clients × ${SECONDS} s, 99th percentile of the client round trips`),
        'concurrent.max': figure('ms', [sorted[sorted.length - 1] ?? NaN]),
        'concurrent.server-p99': figure('ms', [p(serverSorted, 99)], 'Server-Timing of the same requests, 99th percentile'),
      },
      BUDGET,
      {
        loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadAfter * 100) / 100 },
        responseBytes: bytes,
        requests: latencies.length,
        requestsPerSecond: Math.round(latencies.length / loadSeconds),
        failures,
        firstFailures,
      },
    );
  } finally {
    await platform.stop();
  }
}

export function printDataApiDetails(res: BenchResult): void {
  const d = res.details as
    | { requests: number; requestsPerSecond: number; failures: number; firstFailures: string[]; loadAverage: { before: number; after: number } }
    | undefined;
  if (!d) return;
  console.log(`concurrent: ${d.requests} requests, ${d.requestsPerSecond}/s, ${d.failures} failures; load average ${d.loadAverage.before} -> ${d.loadAverage.after}`);
  for (const failure of d.firstFailures) console.log(`  failure: ${failure}`);
}
