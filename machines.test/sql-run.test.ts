// SQL editor run machine: examples, generated paths, a property.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { asRunError, SQL_CANCEL_ATTEMPTS, SQL_CANCEL_RETRY_MS, sqlRunMachine, type SqlRunError } from '../machines/sql-run.machine.ts';
import {
  selectCancelling,
  selectConfirmation,
  selectErrorMark,
  selectRanExplain,
  selectResult,
  selectRunError,
  selectRunning,
  selectStartedAt,
  selectStatementCount,
  selectWasCancelled,
} from '../machines/sql-run.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, itRejectsEachDeletedTransition } from './support/paths.ts';

const request = (n = 1) => ({ runId: `00000000-0000-4000-8000-00000000000${n}`, sql: `select ${n}` });
// What the run actor rejects with (it reads the platform's answer: src/actors/sql-editor.ts).
const runError = (message: string, details: Partial<SqlRunError> = {}): SqlRunError => ({
  message, position: null, formattedError: null, code: null, durationMs: null, ...details,
});
const cancelled = runError('canceling statement due to user request', { code: '57014' });

describe('sql run machine: examples', () => {
  it('runs, shows the rows, and runs again', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'run.start', request: request(1) });
    expect(selectRunning(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('runQuery')[0]?.input).toEqual(request(1));
    await fakes.resolve('runQuery', { rows: [{ n: 1 }], durationMs: 3 });
    expect(selectResult(actor.getSnapshot())).toEqual({ rows: [{ n: 1 }], durationMs: 3 });
    actor.send({ type: 'run.start', request: request(2) });
    expect(selectResult(actor.getSnapshot())).toBeNull();
  });

  it('cancel asks the platform once and ends with the cancelled answer of the run', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'run.start', request: request(3) });
    actor.send({ type: 'run.cancel' });
    actor.send({ type: 'run.cancel' });
    expect(fakes.starts('cancelQuery')).toEqual([expect.objectContaining({ input: { runId: request(3).runId } })]);
    expect(selectCancelling(actor.getSnapshot())).toBe(true);
    await fakes.resolve('cancelQuery', { cancelled: true });
    expect(selectRunning(actor.getSnapshot())).toBe(true);
    await fakes.reject('runQuery', cancelled);
    expect(selectWasCancelled(actor.getSnapshot())).toBe(true);
  });

  it('asks again while the platform has not seen the run yet (a cancel sent right after Run), until it is cancelled', async () => {
    // Seen in a full e2e run: Cancel clicked just after Run reached the platform before the run was registered; the
    // platform answered { cancelled: false } and the editor said 'Cancelling…' until the 30 s query ended.
    vi.useFakeTimers();
    try {
      const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
      const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
      actor.send({ type: 'run.start', request: request(4) });
      actor.send({ type: 'run.cancel' });
      await fakes.resolve('cancelQuery', { cancelled: false });
      expect(fakes.starts('cancelQuery')).toHaveLength(1);
      expect(selectCancelling(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(SQL_CANCEL_RETRY_MS);
      expect(fakes.starts('cancelQuery')).toHaveLength(2);
      await fakes.resolve('cancelQuery', { cancelled: true });
      await vi.advanceTimersByTimeAsync(SQL_CANCEL_RETRY_MS * 4);
      expect(fakes.starts('cancelQuery')).toHaveLength(2);
      expect(selectCancelling(actor.getSnapshot())).toBe(true);
      await fakes.reject('runQuery', cancelled);
      expect(selectWasCancelled(actor.getSnapshot())).toBe(true);
      // A run the platform never sees is asked about SQL_CANCEL_ATTEMPTS times, then left to end on its own.
      actor.send({ type: 'run.start', request: request(5) });
      actor.send({ type: 'run.cancel' });
      for (let attempt = 0; attempt < SQL_CANCEL_ATTEMPTS + 2; attempt++) {
        if (fakes.isRunning('cancelQuery')) await fakes.resolve('cancelQuery', { cancelled: false });
        await vi.advanceTimersByTimeAsync(SQL_CANCEL_RETRY_MS);
      }
      expect(fakes.starts('cancelQuery')).toHaveLength(2 + SQL_CANCEL_ATTEMPTS);
      expect(selectCancelling(actor.getSnapshot())).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the position and formatted error of a SQL error', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'run.start', request: { runId: 'r', sql: 'select * from nope' } });
    await fakes.reject('runQuery', runError('relation "nope" does not exist', { position: 15, formattedError: 'ERROR:  42P01: …', code: '42P01' }));
    expect(selectRunError(actor.getSnapshot())).toEqual({
      message: 'relation "nope" does not exist', position: 15, formattedError: 'ERROR:  42P01: …', code: '42P01', durationMs: null,
    });
    expect(selectWasCancelled(actor.getSnapshot())).toBe(false);
    // Anything else the actor throws (the loud default stub) shows by its message, with no SQL details.
    expect(asRunError(new Error('plain'))).toEqual(runError('plain'));
    expect(asRunError('plain')).toEqual(runError('plain'));
  });

  it('a destructive run waits for confirmation: dismiss keeps the last result and runs nothing, confirm runs it (issue 14 item 6)', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'run.start', request: request(1), startedAt: 10 });
    await fakes.resolve('runQuery', { rows: [{ n: 1 }], durationMs: 3 });
    const destructive = { runId: 'd', sql: '/* all */ delete from orders' };
    actor.send({ type: 'run.start', request: destructive, startedAt: 20 });
    expect(selectConfirmation(actor.getSnapshot())).toEqual({ sql: destructive.sql, reasons: ['delete without a where clause'] });
    expect(selectRunning(actor.getSnapshot())).toBe(false);
    expect(fakes.starts('runQuery')).toHaveLength(1);
    // Another run while asking is not started behind the dialog.
    actor.send({ type: 'run.start', request: request(2), startedAt: 25 });
    expect(fakes.starts('runQuery')).toHaveLength(1);
    actor.send({ type: 'run.dismiss' });
    expect(selectConfirmation(actor.getSnapshot())).toBeNull();
    expect(selectResult(actor.getSnapshot())).toEqual({ rows: [{ n: 1 }], durationMs: 3 });
    expect(fakes.starts('runQuery')).toHaveLength(1);

    actor.send({ type: 'run.start', request: destructive, startedAt: 30 });
    actor.send({ type: 'run.confirm' });
    expect(selectRunning(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('runQuery').at(-1)?.input).toEqual(destructive);
    expect(selectStartedAt(actor.getSnapshot())).toBe(30);
    await fakes.resolve('runQuery', { rows: [], durationMs: 4 });
    expect(selectResult(actor.getSnapshot())).toEqual({ rows: [], durationMs: 4 });
    // Dismissed with nothing shown before: back to idle.
    const fresh = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    fresh.send({ type: 'run.start', request: { runId: 'x', sql: 'drop table t' } });
    fresh.send({ type: 'run.dismiss' });
    expect(fresh.getSnapshot().value).toBe('idle');
  });

  it('emits run.finished once per answered run, for the view to announce (issue 15: not a watched result/error)', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'run.start', request: request(1) });
    expect(emitted).toEqual([]);
    await fakes.resolve('runQuery', { rows: [], durationMs: 1 });
    actor.send({ type: 'run.start', request: request(2) });
    await fakes.reject('runQuery', runError('boom'));
    // A destructive run dismissed runs nothing and announces nothing.
    actor.send({ type: 'run.start', request: { runId: 'd', sql: 'drop table t' } });
    actor.send({ type: 'run.dismiss' });
    expect(emitted).toEqual([
      { type: 'run.finished', ok: true },
      { type: 'run.finished', ok: false },
    ]);
  });

  it("marks a plain run's error in the editor text it ran from, not an EXPLAIN's, nor text changed since (issue 15: was view state)", async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    const text = 'select 1;\nselect * from nope';
    actor.send({ type: 'run.start', request: { runId: 'a', sql: 'select * from nope' }, source: { text, offset: 10, explain: false } });
    await fakes.reject('runQuery', runError('relation "nope" does not exist', { position: 15 }));
    expect(selectErrorMark(actor.getSnapshot(), text)).toEqual({ from: 24, to: 28, message: 'relation "nope" does not exist' });
    expect(selectErrorMark(actor.getSnapshot(), `${text} `)).toBeNull();
    expect(selectRanExplain(actor.getSnapshot())).toBe(false);

    // A destructive run dismissed never ran: the shown error keeps its own source.
    actor.send({ type: 'run.start', request: { runId: 'd', sql: 'drop table t' }, source: { text: 'drop table t', offset: 0, explain: true } });
    actor.send({ type: 'run.dismiss' });
    expect(selectErrorMark(actor.getSnapshot(), text)).toEqual({ from: 24, to: 28, message: 'relation "nope" does not exist' });
    expect(selectRanExplain(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'run.start', request: { runId: 'e', sql: 'explain select * from nope' }, source: { text, offset: 10, explain: true } });
    expect(selectRanExplain(actor.getSnapshot())).toBe(true);
    await fakes.reject('runQuery', runError('relation "nope" does not exist', { position: 30 }));
    expect(selectErrorMark(actor.getSnapshot(), text)).toBeNull();
  });

  it('a running request says how many statements it sends, semicolons in strings not counted (issue 14)', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    expect(selectStatementCount(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'run.start', request: { ...request(1), sql: "select 1; select ';'; -- done;\nselect $$;$$" }, startedAt: 1 });
    expect(selectStatementCount(actor.getSnapshot())).toBe(3);
    await fakes.resolve('runQuery', { rows: [], durationMs: 1 });
    expect(selectStatementCount(actor.getSnapshot())).toBeNull();
  });

  it('a run knows when it started (the sender gives the time) and a failed run how long it took', async () => {
    const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
    const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'run.start', request: request(1), startedAt: 1234.5 });
    expect(selectStartedAt(actor.getSnapshot())).toBe(1234.5);
    await fakes.reject('runQuery', runError('division by zero', { durationMs: 12.5, code: '22012' }));
    expect(selectRunError(actor.getSnapshot())?.durationMs).toBe(12.5);
    expect(selectStartedAt(actor.getSnapshot())).toBeNull();
  });

  it('property: one run at a time; the result shown is always the last started run’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('start', 'cancel', 'ok', 'fail', 'clear'), { maxLength: 25 }), async (steps) => {
        const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
        const actor = createActor(sqlRunMachine.provide({ actors: fakes.logic })).start();
        let started = 0;
        let lastRequested = 0;
        for (const step of steps) {
          if (step === 'start') {
            started += 1;
            if (!selectRunning(actor.getSnapshot())) lastRequested = started;
            actor.send({ type: 'run.start', request: request(started % 10) });
          } else if (step === 'cancel') actor.send({ type: 'run.cancel' });
          else if (step === 'clear') actor.send({ type: 'run.clear' });
          else if (fakes.isRunning('runQuery')) {
            if (step === 'ok') await fakes.resolve('runQuery', { rows: [{ run: lastRequested }], durationMs: 1 });
            else await fakes.reject('runQuery', new Error('x'));
          }
          expect(fakes.running().filter((id) => id === 'runQuery').length).toBeLessThanOrEqual(1);
          expect(selectRunning(actor.getSnapshot())).toBe(fakes.isRunning('runQuery'));
          const result = selectResult(actor.getSnapshot());
          if (result) expect(result.rows[0]).toEqual({ run: lastRequested });
        }
      }),
    );
  });
});

// The transitions spec B2.2 ("Running a query": run, cancel, results or error) and issue 14 item 6 (a destructive
// statement asks first) name.
const required = [
  'idle --run.start--> running',
  'idle --run.start--> confirming',
  'running.executing --run.cancel--> running.cancelling',
  'running.cancelling --xstate.done.actor.cancelQuery--> running.cancelPending',
  'running.cancelPending --xstate.after.cancelRetry.sqlRun.running.cancelPending--> running.cancelling',
  'running --xstate.done.actor.runQuery--> succeeded',
  'running --xstate.error.actor.runQuery--> failed',
  'confirming --run.confirm--> running',
  'confirming --run.dismiss--> idle',
  'confirming --run.dismiss--> succeeded',
  'confirming --run.dismiss--> failed',
  'succeeded --run.start--> running',
  'failed --run.start--> running',
  'succeeded --run.clear--> idle',
  'failed --run.clear--> idle',
];
itRejectsEachDeletedTransition(sqlRunMachine, required);

const fakes = controlledActors({ runQuery: 'promise', cancelQuery: 'promise' });
describeMachinePaths('sql run machine: generated paths', sqlRunMachine, {
  actors: fakes,
  required,
  events: [
    { type: 'run.start', request: request(1) },
    { type: 'run.cancel' },
    { type: 'run.clear' },
    { type: 'run.start', request: { runId: 'd', sql: 'truncate t' }, startedAt: 5 },
    { type: 'run.confirm' },
    { type: 'run.dismiss' },
    { type: 'xstate.done.actor.runQuery', output: { rows: [{ n: 1 }], durationMs: 2 } },
    { type: 'xstate.error.actor.runQuery', error: cancelled },
    { type: 'xstate.done.actor.cancelQuery', output: { cancelled: true } },
    { type: 'xstate.done.actor.cancelQuery', output: { cancelled: false } },
    { type: 'xstate.after.cancelRetry.sqlRun.running.cancelPending' },
    { type: 'xstate.error.actor.cancelQuery', error: new Error('gone') },
  ],
  invariants: {
    idle: (s) => expect(s.context.request).toBeNull(),
    'running.executing': () => expect(fakes.isRunning('runQuery')).toBe(true),
    'running.cancelling': (s) => {
      expect(fakes.isRunning('runQuery')).toBe(true);
      expect(s.context.cancelRequested).toBe(true);
    },
    'running.cancelPending': (s) => {
      expect(fakes.isRunning('runQuery')).toBe(true);
      expect(fakes.isRunning('cancelQuery')).toBe(false);
      expect(s.context.cancelAttempts).toBeLessThan(SQL_CANCEL_ATTEMPTS);
    },
    succeeded: (s) => expect(selectResult(s)?.rows).toEqual([{ n: 1 }]),
    failed: (s) => expect(selectWasCancelled(s)).toBe(true),
    confirming: (s) => {
      expect(fakes.isRunning('runQuery')).toBe(false);
      expect(selectConfirmation(s)?.reasons).toEqual(['truncate statement']);
    },
  },
});
