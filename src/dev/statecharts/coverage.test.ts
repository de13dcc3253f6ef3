// The coverage overlay's report (issue 26): the path harness records, by the drawing model's ids, the transitions
// its generated paths took and the spec-named ones; the viewer's classes follow it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { testMachinePaths } from '../../../machines.test/support/paths.ts';
import { edgeCoverageClass, type MachineCoverage } from './coverage.ts';
import { chartModel } from './model.ts';

const machine = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', knock: {}, lock: { target: 'locked', guard: () => false } } },
    opened: { on: { close: 'closed' } },
    locked: {},
  },
});

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chart-coverage-'));
  process.env.STRATA_CHART_COVERAGE = dir;
});
afterEach(() => {
  delete process.env.STRATA_CHART_COVERAGE;
  rmSync(dir, { recursive: true, force: true });
});

describe('chart coverage report', () => {
  it('lists the transitions the generated paths took and the required ones, by model id', async () => {
    // 'locked' can never be reached (its guard is false): the harness fails on incomplete coverage, after writing.
    await expect(testMachinePaths(machine, { events: [], invariants: {}, requireInvariants: false, required: ['closed --open--> opened'] })).rejects.toThrow(/incomplete/);
    const report = JSON.parse(readFileSync(join(dir, 'door.json'), 'utf8')) as MachineCoverage;
    const model = chartModel(machine);
    const ids = new Set(model.transitions.map((t) => t.id));
    expect(report.walked.every((id) => ids.has(id))).toBe(true);
    expect(report.walked).toEqual(['door.closed#open#0', 'door.opened#close#0']);
    expect(report.required).toEqual([{ line: 'closed --open--> opened', transitions: ['door.closed#open#0'] }]);
    expect(edgeCoverageClass(report, 'door.closed#open#0')).toBe('sc-walked sc-required');
    expect(edgeCoverageClass(report, 'door.closed#lock#0')).toBe('sc-unwalked');
    expect(edgeCoverageClass(undefined, 'door.closed#lock#0')).toBe('');
  });
});
