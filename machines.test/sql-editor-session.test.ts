// SQL tab session machine: examples, generated paths, a property (nothing typed is lost).
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { SNIPPET_SAVE_DEBOUNCE_MS, sqlEditorSessionMachine } from '../machines/sql-editor-session.machine.ts';
import {
  selectConflictSql,
  selectLoadError,
  selectSaveError,
  selectSaveState,
  selectSessionSchema,
  selectSessionSql,
} from '../machines/sql-editor-session.selectors.ts';
import { recordEdit, recordSaved, textToOpen, type DraftMap } from '../src/domain/sql-drafts.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, itRejectsEachDeletedTransition } from './support/paths.ts';

const snippet = (sql: string, updated_at = 'v1') => ({ id: 's1', name: 'Snippet', sql, updated_at });

function start(drafts: { current: DraftMap }) {
  const fakes = controlledActors({ loadSnippet: 'promise', saveSnippet: 'promise' });
  const machine = sqlEditorSessionMachine.provide({
    actors: fakes.logic,
    actions: {
      writeDraft: (_, p) => {
        drafts.current = recordEdit(drafts.current, p.snippetId, p.sql, p.baseUpdatedAt, 0);
      },
      draftSaved: (_, p) => {
        drafts.current = recordSaved(drafts.current, p.snippetId, p.sql, p.updatedAt);
      },
    },
  });
  return { fakes, actor: createActor(machine, { input: { snippetId: 's1' } }).start() };
}

describe('sql editor session: examples', () => {
  it('holds the schema of the address (spec B2.2 ?schema=, public by default), forwarded by the route in any state', async () => {
    const fakes = controlledActors({ loadSnippet: 'promise', saveSnippet: 'promise' });
    const machine = sqlEditorSessionMachine.provide({ actors: fakes.logic, actions: { writeDraft: () => {}, draftSaved: () => {} } });
    const plain = createActor(machine, { input: { snippetId: 's1' } }).start();
    expect(selectSessionSchema(plain.getSnapshot())).toBe('public');
    const actor = createActor(machine, { input: { snippetId: 's1', schema: 'auth' } }).start();
    expect(selectSessionSchema(actor.getSnapshot())).toBe('auth');
    actor.send({ type: 'schema.set', schema: 'storage' });
    expect(selectSessionSchema(actor.getSnapshot())).toBe('storage');
    await fakes.resolve('loadSnippet', { snippet: snippet('select 1'), opened: { source: 'server', sql: 'select 1' } });
    actor.send({ type: 'editor.change', sql: 'select 2' });
    actor.send({ type: 'schema.set', schema: 'public' });
    expect(selectSessionSchema(actor.getSnapshot())).toBe('public');
    // Changing the schema is not an edit: the typed text and its pending save are untouched.
    expect(selectSessionSql(actor.getSnapshot())).toBe('select 2');
    expect(selectSaveState(actor.getSnapshot())).toBe('unsaved');
    actor.send({ type: 'schema.set', schema: '' });
    expect(selectSessionSchema(actor.getSnapshot())).toBe('public');
  });

  it('writes the draft on every change and saves after a pause; the draft goes once the platform has the text', async () => {
    vi.useFakeTimers();
    const drafts = { current: {} as DraftMap };
    const { fakes, actor } = start(drafts);
    await fakes.resolve('loadSnippet', { snippet: snippet('select 1'), opened: { source: 'server', sql: 'select 1' } });
    actor.send({ type: 'editor.change', sql: 'select 12' });
    expect(drafts.current.s1?.sql).toBe('select 12');
    expect(selectSaveState(actor.getSnapshot())).toBe('unsaved');
    vi.advanceTimersByTime(SNIPPET_SAVE_DEBOUNCE_MS);
    expect(fakes.starts('saveSnippet')[0]?.input).toEqual({ snippetId: 's1', sql: 'select 12' });
    actor.send({ type: 'editor.change', sql: 'select 123' }); // typed during the save
    await fakes.resolve('saveSnippet', snippet('select 12', 'v2'));
    expect(drafts.current.s1).toMatchObject({ sql: 'select 123', baseUpdatedAt: 'v2' });
    vi.advanceTimersByTime(SNIPPET_SAVE_DEBOUNCE_MS);
    await fakes.resolve('saveSnippet', snippet('select 123', 'v3'));
    expect(drafts.current).toEqual({});
    expect(selectSaveState(actor.getSnapshot())).toBe('saved');
    vi.useRealTimers();
  });

  it('opens a conflicting draft with the server text kept beside it, and retries a failed load', async () => {
    const drafts = { current: {} as DraftMap };
    const { fakes, actor } = start(drafts);
    await fakes.reject('loadSnippet', new Error('Snippet not found'));
    expect(selectLoadError(actor.getSnapshot())).toBe('Snippet not found');
    actor.send({ type: 'session.retry' });
    await fakes.resolve('loadSnippet', { snippet: snippet('theirs', 'v9'), opened: { source: 'conflict', sql: 'mine', serverSql: 'theirs' } });
    expect(selectSessionSql(actor.getSnapshot())).toBe('mine');
    expect(selectConflictSql(actor.getSnapshot())).toBe('theirs');
    actor.send({ type: 'conflict.dismiss' });
    expect(selectConflictSql(actor.getSnapshot())).toBeNull();
  });

  it("emits session.loaded with the snippet's name once it is opened, for the tab's label (issue 15: not a watched name)", async () => {
    const drafts = { current: {} as DraftMap };
    const { fakes, actor } = start(drafts);
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    await fakes.reject('loadSnippet', new Error('Snippet not found'));
    expect(emitted).toEqual([]);
    actor.send({ type: 'session.retry' });
    await fakes.resolve('loadSnippet', { snippet: snippet('a'), opened: { source: 'server', sql: 'a' } });
    actor.send({ type: 'editor.change', sql: 'b' });
    expect(emitted).toEqual([{ type: 'session.loaded', name: 'Snippet' }]);
  });

  it('property: whatever the save outcomes, storage or the platform always holds the last typed text', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('type' as const), text: fc.string({ maxLength: 5 }) }),
      fc.constantFrom({ kind: 'tick' as const }, { kind: 'ok' as const }, { kind: 'fail' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        vi.useFakeTimers();
        const drafts = { current: {} as DraftMap };
        const { fakes, actor } = start(drafts);
        let server = snippet('start');
        let version = 1;
        await fakes.resolve('loadSnippet', { snippet: server, opened: { source: 'server', sql: 'start' } });
        let typed = 'start';
        for (const s of steps) {
          if (s.kind === 'type') {
            typed = s.text;
            actor.send({ type: 'editor.change', sql: s.text });
          } else if (s.kind === 'tick') vi.advanceTimersByTime(6000);
          else if (fakes.isRunning('saveSnippet')) {
            if (s.kind === 'ok') {
              version += 1;
              server = snippet((fakes.starts('saveSnippet').at(-1)!.input as { sql: string }).sql, `v${version}`);
              await fakes.resolve('saveSnippet', server);
            } else await fakes.reject('saveSnippet', new Error('offline'));
          }
          expect(textToOpen(drafts.current, server).sql).toBe(typed);
          expect(selectSessionSql(actor.getSnapshot())).toBe(typed);
        }
        vi.useRealTimers();
      }),
    );
  });
});

// Issue 7 / spec B2.2: the snippet opens (or says why not, with a retry), every change is saved after a pause, a
// failed save is retried after a while or at once.
const required = [
  'loading --xstate.done.actor.loadSnippet--> editing',
  'loading --xstate.error.actor.loadSnippet--> loadFailed',
  'loadFailed --session.retry--> loading',
  'editing --editor.change--> editing.checking',
  'editing.checking --(always)--> editing.waiting',
  'editing.checking --(always)--> editing.saved',
  'editing.waiting --xstate.after.saveDebounce.sqlEditorSession.editing.waiting--> editing.saving',
  'editing.saving --xstate.done.actor.saveSnippet--> editing.checking',
  'editing.saving --xstate.error.actor.saveSnippet--> editing.saveFailed',
  'editing.saveFailed --xstate.after.saveRetry.sqlEditorSession.editing.saveFailed--> editing.saving',
  'editing.saveFailed --session.retry--> editing.saving',
];
itRejectsEachDeletedTransition(sqlEditorSessionMachine, required);

const fakes = controlledActors({ loadSnippet: 'promise', saveSnippet: 'promise' });
describeMachinePaths('sql editor session: generated paths', sqlEditorSessionMachine, {
  actors: fakes,
  required,
  provide: { actions: { writeDraft: () => {}, draftSaved: () => {} } },
  input: { snippetId: 's1' },
  events: [
    { type: 'xstate.done.actor.loadSnippet', output: { snippet: snippet('a'), opened: { source: 'server', sql: 'a' } } },
    { type: 'xstate.done.actor.loadSnippet', output: { snippet: snippet('a'), opened: { source: 'conflict', sql: 'b', serverSql: 'a' } } },
    { type: 'xstate.error.actor.loadSnippet', error: new Error('gone') },
    { type: 'editor.change', sql: 'b' },
    { type: 'xstate.done.actor.saveSnippet', output: snippet('b', 'v2') },
    { type: 'xstate.error.actor.saveSnippet', error: new Error('offline') },
    { type: 'session.retry' },
    { type: 'conflict.dismiss' },
    { type: 'schema.set', schema: 'auth' },
    { type: 'xstate.after.saveDebounce.sqlEditorSession.editing.waiting' },
    { type: 'xstate.after.saveRetry.sqlEditorSession.editing.saveFailed' },
  ],
  simplePaths: false,
  invariants: {
    loading: () => expect(fakes.isRunning('loadSnippet')).toBe(true),
    loadFailed: (s) => expect(selectLoadError(s)).toBe('gone'),
    'editing.saved': (s) => expect(selectSaveState(s)).toBe('saved'),
    'editing.waiting': (s) => expect(selectSaveState(s)).toBe('unsaved'),
    'editing.saving': () => expect(fakes.isRunning('saveSnippet')).toBe(true),
    'editing.saveFailed': (s) => expect(selectSaveError(s)).toBe('offline'),
  },
});
