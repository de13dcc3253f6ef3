// The coverage report the statechart viewer colours (issue 26): when STRATA_CHART_COVERAGE names a folder (set by
// `npm run charts -- --coverage`), each machine's generated paths record which transitions they took and the
// spec-named (`required`) transitions, by the drawing model's transition ids. Several path tests of one machine
// (e.g. across inputs) add up in the same file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { transitionId } from '../../src/dev/statecharts/model.ts';
import type { MachineCoverage } from '../../src/dev/statecharts/coverage.ts';

export function writeChartCoverage(
  machine: AnyStateMachine,
  taken: ReadonlySet<AnyTransitionDefinition>,
  required: ReadonlyMap<string, AnyTransitionDefinition[]>,
  pathsRun: number,
): void {
  const dir = process.env.STRATA_CHART_COVERAGE;
  if (!dir) return;
  const id = (t: AnyTransitionDefinition) => transitionId(t.source, t);
  const file = join(dir, `${machine.id}.json`);
  const before: MachineCoverage & { machine: string } = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as MachineCoverage & { machine: string })
    : { machine: machine.id, walked: [], required: [], pathsRun: 0 };
  const walked = new Set([...before.walked, ...[...taken].map(id).filter((x): x is string => x !== undefined)]);
  const lines = new Map(before.required.map((r) => [r.line, r.transitions]));
  for (const [line, transitions] of required) lines.set(line, transitions.map(id).filter((x): x is string => x !== undefined));
  mkdirSync(dir, { recursive: true });
  const report = { machine: machine.id, walked: [...walked].sort(), required: [...lines].map(([line, transitions]) => ({ line, transitions })), pathsRun: before.pathsRun + pathsRun };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * The stately.json machines with no report in `dir` after a run of machines.test: `npm run charts -- --coverage`
 * fails on any (a machine whose tests bypass the writer would otherwise show as "no coverage" without a word).
 */
export function missingChartCoverage(machineIds: readonly string[], dir: string): string[] {
  return machineIds.filter((id) => !existsSync(join(dir, `${id}.json`)));
}

/** The harness entries that reach writeChartCoverage; a machine's path test must go through one of them. */
export const COVERAGE_WRITING_ENTRIES = ['testMachinePaths', 'describeMachinePaths', 'testMachinePathsAcrossInputs', 'assertMachineCoverage'] as const;
