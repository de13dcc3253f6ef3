// The local statechart viewer (issue 26), served by the dev server only at /dashboard/__statecharts (see
// vite-plugin.ts): every machine of stately.json, laid out by elkjs, with pan/zoom, search, SVG export, the spec
// sections beside each chart, live mode (actors of the dev console in any tab of this origin) and coverage.
import { layoutChart } from './layout.ts';
import { LIVE_CHANNEL, type LiveMessage, type LiveSnapshotMessage } from './live-reporter.ts';
import { loadCharts, specLinks, type MachineChart } from './registry.ts';
import { renderChartSvg } from './render.ts';
import { applyCoverage, type CoverageFile } from './coverage.ts';

const modules = import.meta.glob('../../../machines/*.machine.ts');

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;

interface TimelineEntry extends LiveSnapshotMessage {
  previous?: string[];
}

const state = {
  charts: [] as MachineChart[],
  current: null as MachineChart | null,
  svg: '',
  zoom: 1,
  panX: 0,
  panY: 0,
  /** Per machine id: every snapshot received, oldest first. */
  timeline: new Map<string, TimelineEntry[]>(),
  /** The timeline entry shown (stepping back), or null for the latest. */
  step: null as number | null,
  coverage: null as CoverageFile | null,
  showCoverage: false,
  /** The spec files the dev server has (null: not known, links are drawn all the same). */
  specAvailable: null as string[] | null,
};

function renderList(): void {
  const query = ($('#sc-search') as HTMLInputElement).value.trim().toLowerCase();
  const list = $('#sc-list');
  list.replaceChildren();
  for (const chart of state.charts) {
    const haystack = [chart.entry.id, ...chart.model.states.map((s) => s.id), ...chart.model.transitions.map((t) => t.label)].join('\n').toLowerCase();
    if (query && !haystack.includes(query)) continue;
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${chart.entry.id}`;
    a.textContent = chart.entry.id;
    if (chart === state.current) a.setAttribute('aria-current', 'page');
    const live = latestLive(chart.model.id).length;
    if (live) {
      const badge = document.createElement('span');
      badge.className = 'sc-live-badge';
      badge.textContent = `${live} live`;
      a.append(' ', badge);
    }
    li.append(a);
    list.append(li);
  }
  highlightSearch(query);
}

function highlightSearch(query: string): void {
  for (const el of document.querySelectorAll('#sc-canvas [data-state], #sc-canvas [data-transition]')) {
    const text = `${el.getAttribute('data-name') ?? ''} ${el.getAttribute('data-transition') ?? ''} ${el.textContent ?? ''}`.toLowerCase();
    el.classList.toggle('sc-match', query.length > 0 && text.includes(query));
  }
}

/** The latest snapshot of each running actor of a machine. */
function latestLive(machineId: string): LiveSnapshotMessage[] {
  const byActor = new Map<string, LiveSnapshotMessage>();
  for (const entry of state.timeline.get(machineId) ?? []) byActor.set(entry.actor, entry);
  return [...byActor.values()].filter((s) => s.status === 'active');
}

function applyTransform(): void {
  const inner = $('#sc-canvas-inner');
  inner.style.transform = `translate(${state.panX}px, ${state.panY}px) scale(${state.zoom})`;
}

async function show(chart: MachineChart): Promise<void> {
  state.current = chart;
  state.step = null;
  const started = performance.now();
  const layout = await layoutChart(chart.model);
  state.svg = renderChartSvg(layout, { title: chart.entry.id });
  $('#sc-canvas-inner').innerHTML = state.svg;
  $('#sc-title').textContent = chart.entry.id;
  $('#sc-file').textContent = `${chart.entry.file} · ${chart.entry.export}`;
  const spec = $('#sc-spec');
  spec.replaceChildren('Spec: ');
  specLinks(chart.entry.spec).forEach(({ section, file }, index) => {
    if (index) spec.append(', ');
    if (state.specAvailable && !state.specAvailable.includes(file)) {
      // A fresh clone has no spec folder beside it (../shared/spec): say so rather than link to a 404.
      const missing = document.createElement('span');
      missing.className = 'sc-spec-missing';
      missing.textContent = `${section} (spec not found: add ../shared/spec or set STRATA_SPEC_DIR)`;
      spec.append(missing);
      return;
    }
    const a = document.createElement('a');
    // The spec lives beside the repository (../shared/spec, or STRATA_SPEC_DIR); the dev server renders it under
    // __statecharts/spec with one id per numbered heading (spec-page.ts), so the fragment lands on the section.
    a.href = `${import.meta.env.BASE_URL}__statecharts/spec/${file}#${encodeURIComponent(section)}`;
    a.textContent = `${section}`;
    a.title = file;
    a.target = '_blank';
    spec.append(a);
  });
  state.zoom = 1;
  state.panX = 0;
  state.panY = 0;
  applyTransform();
  document.body.dataset.chart = chart.entry.id;
  document.body.dataset.renderMs = String(Math.round(performance.now() - started));
  // Laid out and painted: the frame after the one that showed the new markup (bench/statecharts.ts reads it).
  delete document.body.dataset.paintMs;
  requestAnimationFrame(() => setTimeout(() => (document.body.dataset.paintMs = String(performance.now() - started))));
  renderList();
  renderLive();
  renderCoverage();
}

function renderCoverage(): void {
  const svg = document.querySelector('#sc-canvas svg');
  if (!svg || !state.current) return;
  const summary = $('#sc-coverage-summary');
  if (!state.showCoverage || !state.coverage) {
    svg.querySelectorAll('.sc-walked,.sc-unwalked,.sc-required').forEach((el) => el.classList.remove('sc-walked', 'sc-unwalked', 'sc-required'));
    summary.textContent = state.coverage ? '' : 'No coverage report yet: run `npm run charts -- --coverage`.';
    return;
  }
  summary.textContent = applyCoverage(svg, state.current.model, state.coverage);
}

function renderLive(): void {
  const chart = state.current;
  const svg = document.querySelector('#sc-canvas svg');
  if (!chart || !svg) return;
  const entries = state.timeline.get(chart.model.id) ?? [];
  const shown = state.step === null ? entries[entries.length - 1] : entries[state.step];
  const active = new Set(shown?.status === 'active' || state.step !== null ? (shown?.states ?? []) : []);
  // Every running actor of this machine when showing the latest; the stepped-to snapshot otherwise.
  if (state.step === null) for (const live of latestLive(chart.model.id)) for (const id of live.states) active.add(id);
  for (const el of svg.querySelectorAll('[data-state]')) el.classList.toggle('sc-active', active.has(el.getAttribute('data-state') ?? ''));
  // The last transition: an edge for that event leaving a state that was active into one that is now.
  const previous = new Set(shown?.previous ?? []);
  for (const el of svg.querySelectorAll('[data-transition]')) {
    const id = el.getAttribute('data-transition') ?? '';
    const source = id.split('#')[0] ?? '';
    const t = chart.model.transitions.find((x) => x.id === id);
    const taken = Boolean(shown && t && t.event === shown.event && previous.has(source) && t.targets.some((target) => shown.states.includes(target)));
    el.classList.toggle('sc-last', taken);
  }
  const status = $('#sc-live-status');
  const live = latestLive(chart.model.id);
  status.textContent = live.length
    ? `Live: ${live.length} actor${live.length > 1 ? 's' : ''} — ${live.map((l) => `${JSON.stringify(l.value)} (${l.page})`).join('; ')}`
    : 'Live: no running actor of this machine (open the console in another tab).';
  const list = $('#sc-timeline');
  list.replaceChildren();
  entries.forEach((entry, index) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `${new Date(entry.at).toLocaleTimeString()} ${entry.event} → ${JSON.stringify(entry.value)}`;
    if (index === state.step) button.setAttribute('aria-pressed', 'true');
    button.onclick = () => {
      state.step = index === state.step ? null : index;
      renderLive();
    };
    li.append(button);
    list.append(li);
  });
}

function receive(message: LiveMessage): void {
  if (message.kind !== 'snapshot') return;
  const entries = state.timeline.get(message.machine) ?? [];
  const before = [...entries].reverse().find((e) => e.actor === message.actor);
  // A repeated snapshot (the answer to our hello) adds nothing to the timeline.
  if (before && before.at === message.at && before.event === message.event) return;
  entries.push({ ...message, previous: before?.states });
  if (entries.length > 200) entries.shift();
  state.timeline.set(message.machine, entries);
  if (state.current?.model.id === message.machine) renderLive();
  renderList();
}

function exportSvg(): void {
  const svg = document.querySelector('#sc-canvas svg');
  if (!svg || !state.current) return;
  const blob = new Blob([svg.outerHTML], { type: 'image/svg+xml' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${state.current.entry.id}.svg`;
  a.click();
  URL.revokeObjectURL(a.href);
}

function wirePanZoom(): void {
  const canvas = $('#sc-canvas');
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const x = event.clientX - rect.left;
      const y = event.clientY - rect.top;
      const factor = Math.exp(-event.deltaY * 0.0015);
      const zoom = Math.min(4, Math.max(0.1, state.zoom * factor));
      // Zoom about the pointer.
      state.panX = x - ((x - state.panX) * zoom) / state.zoom;
      state.panY = y - ((y - state.panY) * zoom) / state.zoom;
      state.zoom = zoom;
      applyTransform();
    },
    { passive: false },
  );
  let drag: { x: number; y: number } | null = null;
  canvas.addEventListener('pointerdown', (event) => {
    drag = { x: event.clientX - state.panX, y: event.clientY - state.panY };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drag) return;
    state.panX = event.clientX - drag.x;
    state.panY = event.clientY - drag.y;
    applyTransform();
  });
  canvas.addEventListener('pointerup', () => (drag = null));
  $('#sc-fit').onclick = () => {
    const svg = canvas.querySelector('svg');
    if (!svg) return;
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    state.zoom = Math.min(1, canvas.clientWidth / width, canvas.clientHeight / height);
    state.panX = 0;
    state.panY = 0;
    applyTransform();
  };
  $('#sc-zoom-in').onclick = () => {
    state.zoom = Math.min(4, state.zoom * 1.25);
    applyTransform();
  };
  $('#sc-zoom-out').onclick = () => {
    state.zoom = Math.max(0.1, state.zoom / 1.25);
    applyTransform();
  };
}

async function main(): Promise<void> {
  state.charts = await loadCharts(async (file) => {
    const load = modules[`../../../${file}`];
    if (!load) throw new Error(`stately.json lists ${file}, which does not exist`);
    return (await load()) as Record<string, unknown>;
  });
  ($('#sc-search') as HTMLInputElement).addEventListener('input', renderList);
  $('#sc-export').onclick = exportSvg;
  ($('#sc-coverage-toggle') as HTMLInputElement).onchange = (event) => {
    state.showCoverage = (event.target as HTMLInputElement).checked;
    renderCoverage();
  };
  wirePanZoom();
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (event: MessageEvent<LiveMessage>) => receive(event.data);
  channel.postMessage({ kind: 'hello' } satisfies LiveMessage);
  fetch(`${import.meta.env.BASE_URL}__statecharts/coverage.json`)
    .then((response) => (response.ok ? (response.json() as Promise<CoverageFile>) : null))
    .then((coverage) => {
      state.coverage = coverage;
      renderCoverage();
    })
    .catch(() => undefined);
  state.specAvailable = await fetch(`${import.meta.env.BASE_URL}__statecharts/spec.json`)
    .then((response) => (response.ok ? ((response.json() as Promise<{ available: string[] }>).then((body) => body.available)) : null))
    .catch(() => null);
  const pick = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const chart = state.charts.find((c) => c.entry.id === id) ?? state.charts[0];
    if (chart) void show(chart);
  };
  window.addEventListener('hashchange', pick);
  pick();
  document.body.dataset.ready = 'true';
}

void main();
