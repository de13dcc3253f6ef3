// One SQL tab's text (issue 7: "nothing typed is ever lost"): the snippet is loaded, the local draft (if any)
// wins over it, every change is written to the local draft at once (`writeDraft`, synchronous), and saved to the
// platform after a pause in typing. A save that fails is retried after a while and on the next change; the draft
// stays until the platform holds the same text (src/domain/sql-drafts.ts decides).
import { assign, emit, fromPromise, setup } from 'xstate';
import type { OpenedText } from '../src/domain/sql-drafts.ts';
import { DEFAULT_SQL_SCHEMA } from '../src/domain/sql-editor.ts';
import { errorMessage, notProvided, notProvidedStub } from './support.ts';

export interface SessionSnippet {
  id: string;
  name: string;
  sql: string;
  updated_at: string;
}

export interface SqlSessionContext {
  snippetId: string;
  name: string;
  sql: string;
  /** The text the platform holds (last loaded or saved). */
  savedSql: string;
  updatedAt: string | null;
  /** Set when the platform changed since the draft began: the server text, kept for the user to compare. */
  conflictSql: string | null;
  error: string | null;
  /** The tab's schema (spec B2.2 ?schema=): the router owns it and forwards it here (`schema.set`). */
  schema: string;
}

export interface SqlSessionInput {
  snippetId: string;
  schema?: string;
}

export interface EditorChangeEvent { type: 'editor.change'; sql: string }
export interface SessionRetryEvent { type: 'session.retry' }
export interface ConflictDismissEvent { type: 'conflict.dismiss' }
/** The address's ?schema= changed (an empty one means the default, public). */
export interface SchemaSetEvent { type: 'schema.set'; schema: string }
export type SqlSessionEvent = EditorChangeEvent | SessionRetryEvent | ConflictDismissEvent | SchemaSetEvent;

/** The snippet is open: the tab's label follows its name (issue 15: emitted, not watched in the view). */
export interface SessionLoadedEmitted { type: 'session.loaded'; name: string }

export interface LoadOutput {
  snippet: SessionSnippet;
  /** What to show: the server's text or the local draft (textToOpen). */
  opened: OpenedText;
}

/** Pause in typing before a save. */
export const SNIPPET_SAVE_DEBOUNCE_MS = 1000;
/** A failed save is tried again after this long (or at the next change). */
export const SNIPPET_SAVE_RETRY_MS = 5000;

export const sqlEditorSessionMachine = setup({
  types: {} as {
    context: SqlSessionContext;
    events: SqlSessionEvent;
    input: SqlSessionInput;
    emitted: SessionLoadedEmitted;
    tags: 'busy' | 'error';
  },
  actors: {
    loadSnippet: fromPromise<LoadOutput, { snippetId: string }>(notProvidedStub('load snippet')),
    saveSnippet: fromPromise<SessionSnippet, { snippetId: string; sql: string }>(notProvidedStub('save snippet')),
  },
  actions: {
    // Synchronous local write of the draft (injected: storage is an effect).
    writeDraft: (_, _params: { snippetId: string; sql: string; baseUpdatedAt: string | null }) => {
      notProvided('write draft', 'action');
    },
    // The platform holds `sql` now: drop or rebase the draft.
    draftSaved: (_, _params: { snippetId: string; sql: string; updatedAt: string }) => {
      notProvided('draft saved', 'action');
    },
  },
  delays: { saveDebounce: SNIPPET_SAVE_DEBOUNCE_MS, saveRetry: SNIPPET_SAVE_RETRY_MS },
  guards: {
    unsaved: ({ context }) => context.sql !== context.savedSql,
  },
}).createMachine({
  id: 'sqlEditorSession',
  context: ({ input }) => ({
    snippetId: input.snippetId,
    name: '',
    sql: '',
    savedSql: '',
    updatedAt: null,
    conflictSql: null,
    error: null,
    schema: input.schema || DEFAULT_SQL_SCHEMA,
  }),
  // In any state: the schema is the address's, not part of the text's lifecycle.
  on: { 'schema.set': { actions: assign(({ event }) => ({ schema: event.schema || DEFAULT_SQL_SCHEMA })) } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSnippet',
        src: 'loadSnippet',
        input: ({ context }) => ({ snippetId: context.snippetId }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              name: event.output.snippet.name,
              sql: event.output.opened.sql,
              savedSql: event.output.snippet.sql,
              updatedAt: event.output.snippet.updated_at,
              conflictSql: event.output.opened.source === 'conflict' ? event.output.opened.serverSql : null,
              error: null,
            })),
            emit(({ event }) => ({ type: 'session.loaded' as const, name: event.output.snippet.name })),
          ],
        },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'session.retry': 'loading' },
    },
    editing: {
      on: {
        // Each change restarts the pause; typing back to the saved text needs no save.
        'editor.change': {
          target: '.checking',
          actions: [
            assign(({ event }) => ({ sql: event.sql })),
            {
              type: 'writeDraft',
              params: ({ context, event }) => ({ snippetId: context.snippetId, sql: event.sql, baseUpdatedAt: context.updatedAt }),
            },
          ],
        },
        'conflict.dismiss': { actions: assign({ conflictSql: null }) },
      },
      initial: 'checking',
      states: {
        // A draft opened unsaved is saved like a fresh change.
        checking: { always: [{ guard: 'unsaved', target: 'waiting' }, { target: 'saved' }] },
        saved: {},
        waiting: { after: { saveDebounce: 'saving' } },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveSnippet',
            src: 'saveSnippet',
            input: ({ context }) => ({ snippetId: context.snippetId, sql: context.sql }),
            onDone: {
              target: 'checking',
              actions: [
                assign(({ event }) => ({ savedSql: event.output.sql, updatedAt: event.output.updated_at, error: null })),
                {
                  type: 'draftSaved',
                  params: ({ event }) => ({ snippetId: event.output.id, sql: event.output.sql, updatedAt: event.output.updated_at }),
                },
              ],
            },
            onError: { target: 'saveFailed', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
          },
          // Typing during a save: the save finishes, then `checking` sees the newer text and waits again.
          on: {
            'editor.change': {
              actions: [
                assign(({ event }) => ({ sql: event.sql })),
                {
                  type: 'writeDraft',
                  params: ({ context, event }) => ({ snippetId: context.snippetId, sql: event.sql, baseUpdatedAt: context.updatedAt }),
                },
              ],
            },
          },
        },
        saveFailed: {
          tags: ['error'],
          after: { saveRetry: 'saving' },
          on: { 'session.retry': 'saving' },
        },
      },
    },
  },
});
