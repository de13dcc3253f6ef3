// Coverage overlay (issue 26): the model-based tests' report (machines.test/support/paths.ts writes it when
// STRATA_CHART_COVERAGE names a folder; `npm run charts -- --coverage`) says which transitions each machine's generated
// paths walked and which spec-named (`required`) transitions they matched; the viewer colours them.
import type { ChartModel } from './model.ts';

export interface MachineCoverage {
  /** Transition ids (model.ts `transitionId`) taken on some replayed path. */
  walked: string[];
  /** The machine test's `required` lines, each with the transition ids it names. */
  required: Array<{ line: string; transitions: string[] }>;
  pathsRun: number;
}

export interface CoverageFile {
  machines: Record<string, MachineCoverage>;
}

/** Colours the chart's edges (walked green, unwalked red, spec-named bold); returns a one-line summary. */
export function applyCoverage(svg: Element, model: ChartModel, coverage: CoverageFile): string {
  const report = coverage.machines[model.id];
  if (!report) return `No coverage for ${model.id}: its machine test did not write a report.`;
  const walked = new Set(report.walked);
  const required = new Set(report.required.flatMap((r) => r.transitions));
  for (const el of svg.querySelectorAll('[data-transition]')) {
    const id = el.getAttribute('data-transition') ?? '';
    el.classList.toggle('sc-walked', walked.has(id));
    el.classList.toggle('sc-unwalked', !walked.has(id));
    el.classList.toggle('sc-required', required.has(id));
  }
  const total = model.transitions.length;
  const done = model.transitions.filter((t) => walked.has(t.id)).length;
  return `Coverage: ${done}/${total} transitions walked by ${report.pathsRun} generated paths; ${report.required.length} spec-named transitions.`;
}

/** The classes applyCoverage gives an edge, as a string (the static export writes them into the markup). */
export function edgeCoverageClass(report: MachineCoverage | undefined, transitionId: string): string {
  if (!report) return '';
  const walked = report.walked.includes(transitionId) ? 'sc-walked' : 'sc-unwalked';
  return report.required.some((r) => r.transitions.includes(transitionId)) ? `${walked} sc-required` : walked;
}
