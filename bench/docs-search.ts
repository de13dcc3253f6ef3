// The docs search's quality and speed (issue 22): the question set of bench/docs-search-queries.json (each with the
// section(s) that answer it) sent to a real platform's two endpoints over HTTP. Quality per source and merged:
// recall@5 (an expected section among the first five results) and MRR (1 / rank of the first expected section,
// 0 past 10). "Merged" interleaves the two lists (full text first, then semantic, de-duplicated by id), as the
// console shows both. Speed: each endpoint's server time (its Server-Timing header), over every question, after
// one warm-up pass (the first request of a fresh platform builds the index). Budget: 50 ms server time each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_PUBLIC_KEY, DOCS_SEARCH_PATHS } from '../src/domain/docs-search.ts';
import { ensureBuilt, startPlatform, waitApiReady } from './support/platform.ts';
import { BENCH_DIR, figure, result, type BenchResult } from './support/results.ts';

interface Question {
  q: string;
  expect: string[];
}

const headers = { 'content-type': 'application/json', apikey: DOCS_PUBLIC_KEY, authorization: `Bearer ${DOCS_PUBLIC_KEY}` };
const RUNS = Number(process.env.BENCH_DOCS_RUNS ?? 3);

async function ask(base: string, path: string, query: string): Promise<{ ids: string[]; serverMs: number }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify({ query, useAlternateSearchIndex: false }) });
  const body = (await response.json()) as { id: string }[];
  if (!response.ok || !Array.isArray(body)) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  const serverMs = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ids: body.map((r) => r.id), serverMs };
}

export function interleave(a: string[], b: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) for (const id of [a[i], b[i]]) if (id && !out.includes(id)) out.push(id);
  return out;
}

const rankOf = (ids: string[], expected: string[]) => {
  const index = ids.findIndex((id) => expected.includes(id));
  return index < 0 ? null : index + 1;
};

export async function docsSearchBench(): Promise<BenchResult> {
  ensureBuilt();
  const { questions } = JSON.parse(readFileSync(join(BENCH_DIR, 'docs-search-queries.json'), 'utf8')) as { questions: Question[] };
  const platform = await startPlatform();
  try {
    await waitApiReady(platform);
    const base = platform.url;
    await ask(base, DOCS_SEARCH_PATHS.fullText, 'warm up');
    await ask(base, DOCS_SEARCH_PATHS.semantic, 'warm up');
    const fts: number[] = [];
    const semantic: number[] = [];
    const perQuestion: { q: string; expect: string[]; fullText: number | null; semantic: number | null; merged: number | null; top: { fullText: string[]; semantic: string[] } }[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const question of questions) {
        const a = await ask(base, DOCS_SEARCH_PATHS.fullText, question.q);
        const b = await ask(base, DOCS_SEARCH_PATHS.semantic, question.q);
        fts.push(a.serverMs);
        semantic.push(b.serverMs);
        if (run === 0)
          perQuestion.push({
            q: question.q,
            expect: question.expect,
            fullText: rankOf(a.ids, question.expect),
            semantic: rankOf(b.ids, question.expect),
            merged: rankOf(interleave(a.ids, b.ids), question.expect),
            top: { fullText: a.ids.slice(0, 5), semantic: b.ids.slice(0, 5) },
          });
      }
    }
    const quality = (key: 'fullText' | 'semantic' | 'merged') => ({
      recallAt5: round(perQuestion.filter((p) => p[key] !== null && p[key]! <= 5).length / perQuestion.length),
      mrr: round(perQuestion.reduce((sum, p) => sum + (p[key] !== null && p[key]! <= 10 ? 1 / p[key]! : 0), 0) / perQuestion.length),
    });
    const missedByFts = perQuestion.filter((p) => p.fullText === null || p.fullText > 5);
    const rescued = missedByFts.filter((p) => p.semantic !== null && p.semantic <= 5);
    const details = {
      questions: perQuestion.length,
      fullText: quality('fullText'),
      semantic: quality('semantic'),
      merged: quality('merged'),
      fullTextMisses: missedByFts.length,
      semanticFindsOfThose: rescued.length,
      misses: perQuestion.filter((p) => p.merged === null || p.merged > 5),
    };
    return result(
      'docs-search',
      RUNS,
      { 'fts.server': figure('ms', fts, 'POST /rest/v1/rpc/docs_search_fts, Server-Timing'), 'semantic.server': figure('ms', semantic, 'POST /functions/v1/search-embeddings, Server-Timing') },
      { 'fts.server': 50, 'semantic.server': 50 },
      details,
    );
  } finally {
    await platform.stop();
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function printDocsSearchDetails(res: BenchResult): void {
  const d = res.details as Record<string, any>;
  console.log(`docs-search quality over ${d.questions} questions (recall@5 / MRR):`);
  for (const key of ['fullText', 'semantic', 'merged']) console.log(`  ${key.padEnd(9)} ${d[key].recallAt5} / ${d[key].mrr}`);
  console.log(`  full text misses ${d.fullTextMisses} (not in its top 5); semantic finds ${d.semanticFindsOfThose} of them`);
  for (const miss of d.misses) console.log(`  missed: "${miss.q}" → expected ${miss.expect.join(' | ')}; fts ${miss.top.fullText.join(', ')}; semantic ${miss.top.semantic.join(', ')}`);
}
