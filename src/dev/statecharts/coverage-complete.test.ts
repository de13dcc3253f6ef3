// Issue 26, coverage overlay: every machine of stately.json gets a coverage report. Seven machines had none because
// their tests ran through machines.test/paths-across-inputs.ts, which never called the writer; these tests fail if
// that entry (or any machine's test) stops reaching it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { testMachinePathsAcrossInputs } from '../../../machines.test/paths-across-inputs.ts';
import { COVERAGE_WRITING_ENTRIES, missingChartCoverage } from '../../../machines.test/support/chart-coverage.ts';
import type { MachineCoverage } from './coverage.ts';

const stately = JSON.parse(readFileSync('stately.json', 'utf8')) as { machines: { id: string; file: string; export: string }[] };

// The first state depends on the input, so each input alone reaches only half of the chart.
const gate = createMachine({
  id: 'gate',
  types: {} as { input: { open: boolean } },
  initial: 'start',
  states: {
    start: { always: [{ target: 'opened', guard: ({ event }) => (event as unknown as { input: { open: boolean } }).input.open }, { target: 'closed' }] },
    opened: { on: { close: 'closed' } },
    closed: {},
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

describe('chart coverage reaches every machine', () => {
  it('paths across inputs write one report with the union of the inputs, eventless first steps included', async () => {
    const run = (open: boolean) => ({ input: { open }, events: [], invariants: {}, requireInvariants: false });
    await testMachinePathsAcrossInputs(gate, [run(true), run(false)]);
    const report = JSON.parse(readFileSync(join(dir, 'gate.json'), 'utf8')) as MachineCoverage;
    expect(report.walked).toEqual(['gate.opened#close#0', 'gate.start##0', 'gate.start##1']);
    expect(missingChartCoverage(['gate', 'door'], dir)).toEqual(['door']);
  });

  it('every stately.json machine has a machines.test file that runs its paths through a writing entry', () => {
    const tests = readdirSync('machines.test').filter((file) => file.endsWith('.test.ts'));
    const entry = new RegExp(`\\b(${COVERAGE_WRITING_ENTRIES.join('|')})\\s*\\(`);
    const without = stately.machines.filter(({ export: name }) =>
      !tests.some((file) => {
        const text = readFileSync(join('machines.test', file), 'utf8');
        // The machine passed to a writing entry (the call's first argument, or describeMachinePaths' second).
        return entry.test(text) && new RegExp(`\\b(${COVERAGE_WRITING_ENTRIES.join('|')})\\s*\\(\\s*(['"\`][^'"\`]*['"\`]\\s*,\\s*)?${name}\\b`).test(text);
      }),
    ).map(({ id, file }) => `${id} (${basename(file)})`);
    expect(without).toEqual([]);
  });
});
