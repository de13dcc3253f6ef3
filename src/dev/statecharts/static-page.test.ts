// `npm run charts` (issue 26): one page, one section per stately.json machine, each chart drawing every state and
// every transition of the machine, coloured by the coverage report when one is given.
import { describe, expect, it } from 'vitest';
import { loadCharts, STATELY_ENTRIES } from './registry.ts';
import { staticChartsPage } from './static-page.ts';

const charts = await loadCharts((file) => import(/* @vite-ignore */ `../../../${file}`));

describe('static charts page', () => {
  it('has every machine with all its states and edges, and the coverage colours of a report', { timeout: 60_000 }, async () => {
    const rename = charts.find((c) => c.entry.id === 'projectRename')!;
    const first = rename.model.transitions.find((t) => t.targets.length > 0)!;
    const html = await staticChartsPage(charts, { machines: { projectRename: { walked: [first.id], required: [], pathsRun: 3 } } });
    for (const { entry, model } of charts) {
      const start = html.indexOf(`<section id="${entry.id}"`);
      expect(start, entry.id).toBeGreaterThan(0);
      const section = html.slice(start, html.indexOf('</section>', start));
      for (const state of model.states) expect(section, state.id).toContain(`data-state="${state.id}"`);
      for (const t of model.transitions.filter((x) => x.targets.length > 0)) expect(section, t.id).toContain(`data-transition="${t.id}"`);
    }
    expect(html.match(/<section /g)).toHaveLength(STATELY_ENTRIES.length);
    expect(html).toContain(`class="sc-edge sc-${first.kind.replace('.', '-')} sc-walked" data-transition="${first.id}"`);
    expect(html).toMatch(/Coverage: 1\/\d+ transitions walked by 3 generated paths/);
    // No network: nothing is loaded from anywhere.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/);
  });
});
