// `npm run charts [-- <out.html>]`: one static HTML page with the chart of every machine in stately.json (issue 26),
// for reviews: no server, no network; search, zoom and SVG export by a small inline script. Coverage colours come
// from the model-based tests' report: `npm run charts -- --coverage` first runs machines.test with
// STRATA_CHART_COVERAGE set (machines.test/support/chart-coverage.ts writes it), then writes this page.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CoverageFile } from '../src/dev/statecharts/coverage.ts';
import { loadCharts } from '../src/dev/statecharts/registry.ts';
import { staticChartsPage } from '../src/dev/statecharts/static-page.ts';
import { missingChartCoverage } from '../machines.test/support/chart-coverage.ts';
import { COVERAGE_DIR, readCoverage } from './statecharts-viewer-plugin.ts';

const args = process.argv.slice(2);
const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? '.tmp/charts/statecharts.html');
if (args.includes('--coverage')) {
  rmSync(COVERAGE_DIR, { recursive: true, force: true });
  const run = spawnSync('npx', ['vitest', 'run', 'machines.test'], { stdio: 'inherit', env: { ...process.env, STRATA_CHART_COVERAGE: resolve(COVERAGE_DIR) } });
  if (run.status !== 0) console.warn('machines.test failed: the coverage report may be partial');
  // Every stately.json machine must have a report: one without means its tests bypass the writer.
  const ids = (JSON.parse(readFileSync('stately.json', 'utf8')) as { machines: { id: string }[] }).machines.map((m) => m.id);
  const missing = missingChartCoverage(ids, resolve(COVERAGE_DIR));
  console.log(`coverage reports: ${ids.length - missing.length} of ${ids.length} machines`);
  if (missing.length) {
    console.error(`no coverage report for: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}

const charts = await loadCharts((file) => import(resolve(file)));
const html = await staticChartsPage(charts, readCoverage(process.cwd()) as CoverageFile);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
console.log(`${charts.length} charts -> ${out}`);
