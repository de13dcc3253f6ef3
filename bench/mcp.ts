// The MCP server's overhead (issue 16): a personal access token on {platform}/mcp, stateless (a server and a
// transport built per request). Interleaved, over HTTP on loopback against a real platform process:
//   mcp.tools-list          POST /mcp tools/list (token check, server build, JSON answer);
//   mcp.execute-sql         POST /mcp tools/call execute_sql `select 1` (+ membership check, the SQL editor's path);
//   pgmeta.query            POST /api/platform/pg-meta/{ref}/query `select 1` (the same SQL path without MCP).
// Informative: no budgets. Say the machine's load average with any figure.
import { loadavg } from 'node:os';
import { ensureBuilt, platformWithProject } from './support/platform.ts';
import { figure, result, type BenchResult } from './support/results.ts';

const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 60);
const WARMUP = 5;

async function timed(run: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return performance.now() - start;
}

export async function mcpBench(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  try {
    const base = platform.url;
    const created = await fetch(`${base}/api/platform/profile/access-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    if (created.status !== 201) throw new Error(`access token not created: ${created.status} ${await created.text()}`);
    const { token } = (await created.json()) as { token: string };
    const mcp = (body: unknown) => () =>
      fetch(`${base}/mcp?project_ref=${ref}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
    const cases: Record<string, () => Promise<Response>> = {
      'mcp.tools-list': mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      'mcp.execute-sql': mcp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'execute_sql', arguments: { query: 'select 1' } } }),
      'pgmeta.query': () =>
        fetch(`${base}/api/platform/pg-meta/${ref}/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'select 1' }),
        }),
    };
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
    for (let i = 0; i < WARMUP + RUNS; i++) {
      for (const [name, run] of Object.entries(cases)) {
        const ms = await timed(run);
        if (i >= WARMUP) samples[name]!.push(ms);
      }
    }
    const figures = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, figure('ms', values)]));
    return result('mcp', RUNS, figures, {}, { loadAverage: loadavg().map((v) => Math.round(v * 100) / 100) });
  } finally {
    await platform.stop();
  }
}
