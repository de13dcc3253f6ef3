// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The view side of the task machine (issue 15): outcomes reach the view once each, through the emitted events; a
// read re-runs for a new key even while the previous one is still in flight, and the stale answer is dropped.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taskWith } from '../../../machines/task.machine.ts';
import { useTask, useTaskOutput, useTaskRead } from './useTask.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A task whose every run waits for the test: the runs' answers, in order, to resolve or reject. */
function deferredTask() {
  const calls: Array<ReturnType<typeof deferred<string>>> = [];
  const machine = taskWith((_: number) => {
    const call = deferred<string>();
    calls.push(call);
    return call.promise;
  });
  return { calls, machine };
}

describe('useTask', () => {
  it('calls onDone / onFailed once per finished run, with the latest handlers, and shows running and the error', async () => {
    const { calls, machine } = deferredTask();
    const seen: string[] = [];
    let run: (input: number) => void = () => {};
    function View({ label }: { label: string }) {
      const task = useTask(machine, { onDone: (output) => seen.push(`${label}:${output}`), onFailed: (message) => seen.push(`${label}!${message}`) });
      run = task.run;
      return <p>{task.running ? 'running' : (task.error ?? task.output ?? 'idle')}</p>;
    }
    const { rerender } = render(<View label="a" />);
    act(() => run(1));
    act(() => run(2));
    expect(screen.getByText('running')).toBeTruthy();
    expect(calls).toHaveLength(1);
    rerender(<View label="b" />);
    await act(async () => calls[0]!.resolve('one'));
    expect(screen.getByText('one')).toBeTruthy();
    rerender(<View label="c" />);
    act(() => run(3));
    await act(async () => calls[1]!.reject(new Error('denied')));
    expect(screen.getByText('denied')).toBeTruthy();
    rerender(<View label="d" />);
    expect(seen).toEqual(['b:one', 'c!denied']);
  });
});

describe('useTaskRead', () => {
  it('reads again when the key changes while the previous read is in flight, and drops the stale answer', async () => {
    const calls = new Map<string, ReturnType<typeof deferred<string>>>();
    const machine = taskWith((id: string) => {
      const call = deferred<string>();
      calls.set(id, call);
      return call.promise;
    });
    function View({ id }: { id: string }) {
      const read = useTaskRead(machine, id, id);
      return <p>{read.loading ? 'loading' : (read.data ?? read.error)}</p>;
    }
    const { rerender } = render(<View id="a" />);
    expect(calls.has('a')).toBe(true);
    rerender(<View id="b" />);
    expect(calls.has('b')).toBe(true);
    await act(async () => calls.get('a')!.resolve('value of a'));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => calls.get('b')!.resolve('value of b'));
    expect(screen.getByText('value of b')).toBeTruthy();
  });
});

describe('useTaskOutput', () => {
  // issue 25: the shell's frame read its resource warnings with useTask, and rendered the whole chrome again when the
  // read started.
  it('renders again for a new output only, not when a run starts or fails', async () => {
    const { calls, machine } = deferredTask();
    let renders = 0;
    let actor: ReturnType<typeof useTaskOutput<number, string>>['actor'] | null = null;
    function View() {
      renders += 1;
      const task = useTaskOutput(machine);
      actor = task.actor;
      return <p>{task.output ?? 'nothing'}</p>;
    }
    render(<View />);
    expect(renders).toBe(1);
    act(() => actor!.send({ type: 'task.run', input: 1 }));
    expect(renders).toBe(1);
    await act(async () => calls[0]!.resolve('warned'));
    expect(screen.getByText('warned')).toBeTruthy();
    expect(renders).toBe(2);
    // A new run clears the output it replaces (one render); its failure changes no output.
    act(() => actor!.send({ type: 'task.run', input: 2 }));
    const afterRun = renders;
    await act(async () => calls[1]!.reject(new Error('down')));
    expect(renders).toBe(afterRun);
  });
});
