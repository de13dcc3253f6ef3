// The docs search's quality and speed (issue 22): the question set of bench/docs-search-queries.json (each with the
// section(s) that answer it) sent to a real platform's two endpoints over HTTP. Quality per source and merged:
// recall@5 (an expected section among the first five results) and MRR (1 / rank of the first expected section,
// 0 past 10). "Merged" is the console's own merge of the two lists (fuseDocsResults: reciprocal rank fusion,
// de-duplicated by id). A second, held-out set (bench/docs-search-heldout.json, written before any tuning) is
// reported apart. Speed: each endpoint's server time (its Server-Timing header), over every question, after
// one warm-up pass (the first request of a fresh platform builds the index). Budget: 50 ms server time each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_PUBLIC_KEY, DOCS_SEARCH_PATHS, fuseDocsResults } from '../src/domain/docs-search.ts';
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

/** The console's merge (src/domain/docs-search.ts), on ids. */
export const merge = (a: string[], b: string[]): string[] => fuseDocsResults([a.map((id) => ({ id })), b.map((id) => ({ id }))]).map((r) => r.id);

const rankOf = (ids: string[], expected: string[]) => {
  const index = ids.findIndex((id) => expected.includes(id));
  return index < 0 ? null : index + 1;
};

type Ranked = { q: string; expect: string[]; fullText: number | null; semantic: number | null; merged: number | null; top: { fullText: string[]; semantic: string[] } };

const readSet = (file: string) => (JSON.parse(readFileSync(join(BENCH_DIR, file), 'utf8')) as { questions: Question[] }).questions;

function summary(perQuestion: Ranked[]) {
  const quality = (key: 'fullText' | 'semantic' | 'merged') => ({
    recallAt5: round(perQuestion.filter((p) => p[key] !== null && p[key]! <= 5).length / perQuestion.length),
    mrr: round(perQuestion.reduce((sum, p) => sum + (p[key] !== null && p[key]! <= 10 ? 1 / p[key]! : 0), 0) / perQuestion.length),
  });
  const missedByFts = perQuestion.filter((p) => p.fullText === null || p.fullText > 5);
  const rescued = missedByFts.filter((p) => p.semantic !== null && p.semantic <= 5);
  return {
    questions: perQuestion.length,
    fullText: quality('fullText'),
    semantic: quality('semantic'),
    merged: quality('merged'),
    fullTextMisses: missedByFts.length,
    semanticFindsOfThose: rescued.length,
    misses: perQuestion.filter((p) => p.merged === null || p.merged > 5),
    ranked: perQuestion,
  };
}

export async function docsSearchBench(): Promise<BenchResult> {
  ensureBuilt();
  const sets = { tuning: readSet('docs-search-queries.json'), heldOut: readSet('docs-search-heldout.json') };
  const platform = await startPlatform();
  try {
    await waitApiReady(platform);
    const base = platform.url;
    await ask(base, DOCS_SEARCH_PATHS.fullText, 'warm up');
    await ask(base, DOCS_SEARCH_PATHS.semantic, 'warm up');
    const fts: number[] = [];
    const semantic: number[] = [];
    const ranked: Record<keyof typeof sets, Ranked[]> = { tuning: [], heldOut: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const name of ['tuning', 'heldOut'] as const) {
        for (const question of sets[name]) {
          const a = await ask(base, DOCS_SEARCH_PATHS.fullText, question.q);
          const b = await ask(base, DOCS_SEARCH_PATHS.semantic, question.q);
          fts.push(a.serverMs);
          semantic.push(b.serverMs);
          if (run === 0)
            ranked[name].push({
              q: question.q,
              expect: question.expect,
              fullText: rankOf(a.ids, question.expect),
              semantic: rankOf(b.ids, question.expect),
              merged: rankOf(merge(a.ids, b.ids), question.expect),
              top: { fullText: a.ids, semantic: b.ids },
            });
        }
      }
    }
    // The top-level figures stay those of the tuning set (as before); the held-out set is reported beside them.
    const details = { ...summary(ranked.tuning), heldOut: summary(ranked.heldOut) };
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

function printSet(label: string, d: Record<string, any>): void {
  console.log(`docs-search quality, ${label}, ${d.questions} questions (recall@5 / MRR):`);
  for (const key of ['fullText', 'semantic', 'merged']) console.log(`  ${key.padEnd(9)} ${d[key].recallAt5} / ${d[key].mrr}`);
  console.log(`  full text misses ${d.fullTextMisses} (not in its top 5); semantic finds ${d.semanticFindsOfThose} of them`);
  for (const miss of d.misses) console.log(`  missed: "${miss.q}" → expected ${miss.expect.join(' | ')}; fts ${miss.top.fullText.slice(0, 5).join(', ')}; semantic ${miss.top.semantic.slice(0, 5).join(', ')}`);
}

export function printDocsSearchDetails(res: BenchResult): void {
  const d = res.details as Record<string, any>;
  printSet('tuning set', d);
  if (d.heldOut) printSet('held-out set', d.heldOut);
}
