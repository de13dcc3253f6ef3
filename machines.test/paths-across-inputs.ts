// Coverage across several inputs: some machines choose their first state from their input (the session's
// 'always logged in' flag, the sign-in form's mode), so no single input reaches every state. This runs the path
// harness once per input and asserts coverage of the union, matching transitions by their labels.
// A transient state (eventless `always` only) never rests in a snapshot: it counts as reached when one of its
// eventless transitions was taken.
import { expect } from 'vitest';
import { getInitialMicrosteps, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { writeChartCoverage } from './support/chart-coverage.ts';
import { planMachinePaths, replayMachinePaths, type MachinePathsOptions } from './support/paths.ts';

export type AcrossInputsReport = {
  pathsRun: number;
  statesCovered: number;
  transitionsCovered: number;
  edgesCovered: number;
};

export async function testMachinePathsAcrossInputs<TMachine extends AnyStateMachine>(
  machine: TMachine,
  runs: ReadonlyArray<MachinePathsOptions<TMachine>>,
): Promise<AcrossInputsReport> {
  const requiredStates = new Set<string>();
  const requiredTransitions = new Set<string>();
  const requiredEdges = new Map<string, string>();
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const walkedEdges = new Set<string>();
  const requiredLines = new Map<string, string[]>();
  let pathsRun = 0;

  for (const [run, options] of runs.entries()) {
    const plan = planMachinePaths(machine, options);
    // The live replay does not report the eventless steps of the initial state: read them from the microsteps.
    // The statechart viewer's coverage overlay (issue 26): this input's taken transitions, added to the report.
    const chartTaken = new Set<AnyTransitionDefinition>();
    const initial = getInitialMicrosteps(plan.machine, options.input as never).map(([snapshot]) => snapshot as AnyMachineSnapshot);
    initial.forEach((snapshot, index) => {
      for (const node of snapshot._nodes) reachedStates.add(node.id);
      const next = initial[index + 1];
      if (!next) return;
      for (const node of snapshot._nodes) {
        if (!node.always || next._nodes.includes(node)) continue;
        const taken = node.always.find((t) => (t.target ?? []).every((target) => next._nodes.includes(target)));
        const label = taken && plan.transitions.get(taken);
        if (taken) chartTaken.add(taken);
        if (label) takenTransitions.add(label);
      }
    });
    for (const id of plan.stateIds) requiredStates.add(id);
    for (const label of plan.transitions.values()) requiredTransitions.add(label);
    // The spec's `required` lines: each must be taken under one of the inputs (their existence is checked when planning).
    for (const [line, definitions] of plan.required) {
      requiredLines.set(line, [...(requiredLines.get(line) ?? []), ...definitions.map((t) => plan.transitions.get(t) ?? line)]);
    }
    for (const [key, label] of plan.edges) requiredEdges.set(`${run}|${key}`, label);
    for (const result of await replayMachinePaths(plan)) {
      pathsRun++;
      for (const id of result.statesReached) reachedStates.add(id);
      for (const key of result.edgesWalked) walkedEdges.add(`${run}|${key}`);
      for (const transition of result.transitionsTaken) {
        chartTaken.add(transition);
        const label = plan.transitions.get(transition);
        if (label) takenTransitions.add(label);
        if (!transition.eventType) reachedStates.add(transition.source.id);
      }
    }
    // Written before the assertion below, like assertMachineCoverage: a failing run still shows what it walked.
    writeChartCoverage(plan.machine, chartTaken, plan.required, plan.paths.length);
  }

  const missing = {
    states: [...requiredStates].filter((id) => !reachedStates.has(id)),
    transitions: [...requiredTransitions].filter((label) => !takenTransitions.has(label)),
    edges: [...requiredEdges].filter(([key]) => !walkedEdges.has(key)).map(([, label]) => label),
    required: [...requiredLines].filter(([, labels]) => !labels.some((label) => takenTransitions.has(label))).map(([line]) => line),
  };
  expect(missing).toEqual({ states: [], transitions: [], edges: [], required: [] });
  return {
    pathsRun,
    statesCovered: requiredStates.size,
    transitionsCovered: requiredTransitions.size,
    edgesCovered: requiredEdges.size,
  };
}
