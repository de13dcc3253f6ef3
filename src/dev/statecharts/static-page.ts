// The static page of `npm run charts` (issue 26): every chart of stately.json in one HTML file, for reviews: no
// server, no network; search, zoom and SVG export by a small inline script; coverage colours when a report exists.
import { edgeCoverageClass, type CoverageFile } from './coverage.ts';
import { layoutChart } from './layout.ts';
import { specLinks, type MachineChart } from './registry.ts';
import { renderChartSvg } from './render.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function staticChartsPage(charts: readonly MachineChart[], coverage: CoverageFile): Promise<string> {
  const sections: string[] = [];
  for (const { entry, model } of charts) {
    const report = coverage.machines[model.id];
    const svg = renderChartSvg(await layoutChart(model), { title: entry.id, edgeClass: (id) => edgeCoverageClass(report, id) });
    const spec = specLinks(entry.spec).map(({ section, file }) => `<span title="${escape(file)}">${escape(section)}</span>`).join(', ');
    const walked = report ? model.transitions.filter((t) => report.walked.includes(t.id)).length : 0;
    const coverageLine = report
      ? `Coverage: ${walked}/${model.transitions.length} transitions walked by ${report.pathsRun} generated paths; ${report.required.length} spec-named.`
      : 'No coverage report.';
    sections.push(`<section id="${escape(entry.id)}" data-search="${escape([entry.id, ...model.states.map((s) => s.id), ...model.transitions.map((t) => t.label)].join(' ').toLowerCase())}">
  <h2>${escape(entry.id)}</h2>
  <p>${escape(entry.file)} · ${escape(entry.export)} · Spec: ${spec} · ${escape(coverageLine)}
  <button type="button" data-zoom="0.8">−</button><button type="button" data-zoom="1.25">+</button><button type="button" data-export>Export SVG</button></p>
  <div class="chart">${svg}</div>
  </section>`);
  }

  return `<!doctype html>
  <html lang="en"><head><meta charset="utf-8"><title>Strata statecharts</title>
  <style>
  body{font:14px system-ui,sans-serif;margin:0;color:#111827}
  header{position:sticky;top:0;background:#fff;border-bottom:1px solid #e5e7eb;padding:8px 16px;display:flex;gap:16px;align-items:center;z-index:1}
  nav{display:flex;flex-wrap:wrap;gap:6px;font:12px ui-monospace,monospace}
  section{padding:8px 16px;border-bottom:1px solid #e5e7eb}
  h2{font:700 16px ui-monospace,monospace;margin:8px 0}
  .chart{overflow:auto;max-height:80vh;border:1px solid #f3f4f6}
  .chart svg{transform-origin:0 0}
  [hidden]{display:none}
  </style></head><body>
  <header><strong>Strata statecharts</strong> <input type="search" id="q" placeholder="Search machines, states, events" aria-label="Search">
  <nav>${charts.map(({ entry }) => `<a href="#${escape(entry.id)}">${escape(entry.id)}</a>`).join(' ')}</nav></header>
  ${sections.join('\n')}
  <script>
  document.getElementById('q').addEventListener('input', (e) => {
    const q = e.target.value.trim().toLowerCase();
    for (const s of document.querySelectorAll('section')) s.hidden = q !== '' && !s.dataset.search.includes(q);
    for (const el of document.querySelectorAll('[data-state],[data-transition]')) el.classList.toggle('sc-match', q !== '' && (el.textContent || '').toLowerCase().includes(q));
  });
  document.addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (!button) return;
    const section = button.closest('section');
    const svg = section.querySelector('svg');
    if (button.dataset.zoom) {
      const scale = Number(svg.dataset.scale || 1) * Number(button.dataset.zoom);
      svg.dataset.scale = String(scale);
      svg.style.width = svg.getAttribute('width') * scale + 'px';
      svg.style.height = svg.getAttribute('height') * scale + 'px';
    }
    if (button.hasAttribute('data-export')) {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
      a.download = section.id + '.svg';
      a.click();
    }
  });
  </script></body></html>
  `;
}
