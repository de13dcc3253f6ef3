// A laid-out chart as SVG markup (issue 26). A string, not React, so the static export writes it as is and the dev
// viewer inserts the same markup; live mode and coverage only toggle classes on `data-state` / `data-transition`
// elements, and "Export SVG" downloads exactly what is shown (styles embedded).
import { LINE_HEIGHT, type ChartLayout } from './layout.ts';

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chart's own styles, inside the SVG so an exported file looks the same. */
export const CHART_STYLE = `
.sc-state>rect{fill:#fff;stroke:#6b7280;stroke-width:1.2}
.sc-state.sc-compound>rect{fill:#f9fafb}
.sc-state.sc-region>rect{stroke-dasharray:5 3}
.sc-state.sc-final>rect.sc-inner{fill:none}
.sc-state text{font:12px ui-monospace,Menlo,monospace;fill:#111827}
.sc-state text.sc-name{font-weight:700}
.sc-state text.sc-line{fill:#4b5563}
.sc-initial{fill:#111827}
.sc-edge path{fill:none;stroke:#6b7280;stroke-width:1.2;marker-end:url(#sc-arrow)}
.sc-edge rect{fill:#fff;opacity:.85}
.sc-edge text{font:11px ui-monospace,Menlo,monospace;fill:#374151}
.sc-match>rect,.sc-edge.sc-match rect{stroke:#d97706;stroke-width:2.5}
.sc-active>rect{fill:#dbeafe;stroke:#2563eb;stroke-width:2.5}
.sc-last path{stroke:#2563eb;stroke-width:3;animation:sc-pulse 1s ease-out 2}
@keyframes sc-pulse{from{stroke-width:6}to{stroke-width:3}}
.sc-walked path{stroke:#16a34a}
.sc-walked text{fill:#166534}
.sc-unwalked path{stroke:#dc2626;stroke-dasharray:4 3}
.sc-unwalked text{fill:#b91c1c}
.sc-required text{font-weight:700}
`;

export interface RenderOptions {
  title?: string;
  /** Extra classes of a transition's edge (the static export's coverage colours). */
  edgeClass?: (transitionId: string) => string;
}

export function renderChartSvg(layout: ChartLayout, options: RenderOptions = {}): string {
  const margin = 12;
  const width = Math.ceil(layout.width + 2 * margin);
  const height = Math.ceil(layout.height + 2 * margin);
  const parents = new Map(layout.states.map((s) => [s.state.id, s.state]));
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="sc-chart" viewBox="${-margin} ${-margin} ${width} ${height}" width="${width}" height="${height}">`,
    options.title ? `<title>${escape(options.title)}</title>` : '',
    `<style>${CHART_STYLE}</style>`,
    '<defs><marker id="sc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#6b7280"/></marker></defs>',
  );
  // Outer states first so inner ones paint over them.
  const ordered = [...layout.states].sort((a, b) => a.state.path.length - b.state.path.length);
  for (const { state, lines, x, y, width: w, height: h } of ordered) {
    const parent = state.parent ? parents.get(state.parent) : undefined;
    const classes = ['sc-state', `sc-${state.type}`];
    if (parent?.type === 'parallel') classes.push('sc-region');
    const name = state.parent === null ? state.id : state.key;
    out.push(`<g class="${classes.join(' ')}" data-state="${escape(state.id)}" data-name="${escape(state.path.join('.') || state.id)}">`);
    out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/>`);
    if (state.type === 'final') out.push(`<rect class="sc-inner" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="6"/>`);
    const nameX = x + (state.initial ? 22 : 10);
    if (state.initial) out.push(`<circle class="sc-initial" cx="${x + 11}" cy="${y + 14}" r="4"><title>initial</title></circle>`);
    out.push(`<text class="sc-name" x="${nameX}" y="${y + 18}">${escape(name)}${state.type === 'parallel' ? ' (parallel)' : ''}${state.type === 'history' ? ' (H)' : ''}</text>`);
    lines.forEach((line, index) => out.push(`<text class="sc-line" x="${x + 10}" y="${y + 18 + LINE_HEIGHT * (index + 1)}">${escape(line)}</text>`));
    out.push('</g>');
  }
  for (const edge of layout.edges) {
    if (edge.points.length === 0) continue;
    const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('');
    const t = edge.transition;
    const extra = options.edgeClass?.(t.id);
    out.push(`<g class="sc-edge sc-${t.kind.replace('.', '-')}${extra ? ` ${extra}` : ''}" data-transition="${escape(t.id)}" data-event="${escape(t.event)}">`);
    out.push(`<path d="${d}"/>`);
    out.push(`<rect x="${edge.label.x}" y="${edge.label.y}" width="${edge.label.width}" height="${edge.label.height}"/>`);
    out.push(`<text x="${edge.label.x + 3}" y="${edge.label.y + 12}">${escape(t.label)}</text>`);
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('');
}
