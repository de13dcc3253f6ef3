// Selectors of one SQL tab's session (views read these).
import type { SnapshotFrom } from 'xstate';
import type { sqlEditorSessionMachine } from './sql-editor-session.machine.ts';

type Snapshot = SnapshotFrom<typeof sqlEditorSessionMachine>;

export const selectSessionSql = (snapshot: Snapshot) => snapshot.context.sql;
export const selectSessionLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectLoadError = (snapshot: Snapshot) => (snapshot.matches('loadFailed') ? snapshot.context.error : null);
export const selectSaveError = (snapshot: Snapshot) => (snapshot.matches({ editing: 'saveFailed' }) ? snapshot.context.error : null);
/** 'saved' | 'unsaved' (kept locally, not yet on the platform) | 'saving' */
export const selectSaveState = (snapshot: Snapshot): 'saved' | 'unsaved' | 'saving' =>
  snapshot.matches({ editing: 'saving' }) ? 'saving' : snapshot.context.sql === snapshot.context.savedSql ? 'saved' : 'unsaved';
export const selectConflictSql = (snapshot: Snapshot) => snapshot.context.conflictSql;
/** The tab's schema (spec B2.2 ?schema=, public by default). */
export const selectSessionSchema = (snapshot: Snapshot) => snapshot.context.schema;
