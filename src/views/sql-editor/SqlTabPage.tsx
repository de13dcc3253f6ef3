// One SQL tab (issue 7): the snippet's text in the editor (saved locally on every change and to the platform after
// a pause), Run (Ctrl/Cmd+Enter: the selection or everything), Cancel while running, EXPLAIN, the role picker,
// the database picker, and the results with their row count and duration, copy and export. Issue 14: Format (the
// sql-formatter package, loaded only when pressed), Run statement (the one under the cursor) and the statement count.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { EditorView } from '@uiw/react-codemirror';
import { selectImpersonation } from '../../../machines/role-impersonation.selectors.ts';
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
} from '../../../machines/sql-run.selectors.ts';
import {
  selectConflictSql,
  selectLoadError,
  selectSaveError,
  selectSaveState,
  selectSessionLoading,
  selectSessionSchema,
  selectSessionSql,
} from '../../../machines/sql-editor-session.selectors.ts';
import { flushDraft } from '../../actors/sql-editor.ts';
import type { Project } from '../../api/types.ts';
import { toQueryImpersonation } from '../../domain/impersonation.ts';
import { clampSplit, explainSql, sqlToRun, type CatalogFunction } from '../../domain/sql-editor.ts';
import { statementAt } from '../../domain/sql-statements.ts';
import { toast } from '../../ui/toast.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useImpersonation } from '../editor/ImpersonationContext.tsx';
import { RolePicker } from '../editor/RolePicker.tsx';
import { DatabasePicker } from '../editor/DatabasePicker.tsx';
import { pickedReplica } from '../../domain/database-picker.ts';
import { ResultsPanel } from './ResultsPanel.tsx';
import { SaveAsMigrationDialog } from './SaveAsMigrationDialog.tsx';
import { canWriteDatabase } from '../../domain/database/catalog.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { DestructiveConfirm } from './RunFeedback.tsx';
import { useSqlTab } from './useSqlTab.ts';
import * as css from './SqlEditor.css.ts';

const SqlCodeEditor = lazy(() => import('./SqlCodeEditor.tsx'));

type ErrorMark = ReturnType<typeof selectErrorMark>;
/** The same mark again keeps its object, so the editor is not handed a new one on every render. */
const sameMark = (a: ErrorMark, b: ErrorMark) => a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to && a.message === b.message);

export interface SqlTabPageProps {
  project: Project;
  snippetId: string;
  /** The project's API URL (claims' issuer for impersonation). */
  endpoint: string;
  schema: string;
  completion: Record<string, Record<string, string[]>> | null;
  functions: CatalogFunction[] | null;
  intellisense: boolean;
  onIntellisense: (on: boolean) => void;
  splitSize: number;
  onSplitSize: (size: number) => void;
  theme: 'light' | 'dark';
  database: string | null;
  onDatabase: (identifier: string) => void;
  /** The snippet's name (from the list) for the tab label; the tab registers itself with it. */
  onLoaded: (name: string) => void;
  onRan: () => void;
}

export function SqlTabPage(props: SqlTabPageProps) {
  const { project, snippetId } = props;
  const { session, run } = useSqlTab(project.ref, snippetId, props.schema);
  const impersonation = useImpersonation();
  const text = useSelector(session, selectSessionSql);
  const loading = useSelector(session, selectSessionLoading);
  const loadError = useSelector(session, selectLoadError);
  const saveError = useSelector(session, selectSaveError);
  const saveState = useSelector(session, selectSaveState);
  const conflict = useSelector(session, selectConflictSql);
  const name = useSelector(session, (snapshot) => snapshot.context.name);
  const schema = useSelector(session, selectSessionSchema);
  const running = useSelector(run, selectRunning);
  const cancelling = useSelector(run, selectCancelling);
  const result = useSelector(run, selectResult);
  const runError = useSelector(run, selectRunError);
  const cancelled = useSelector(run, selectWasCancelled);
  const startedAt = useSelector(run, selectStartedAt);
  const statements = useSelector(run, selectStatementCount);
  const confirmation = useSelector(run, selectConfirmation);
  const choice = useSelector(impersonation, selectImpersonation);
  const ranExplain = useSelector(run, selectRanExplain);
  // The failed run's error, placed in the editor's current text (the run machine keeps where the run came from).
  const marked = useSelector(run, (snapshot) => selectErrorMark(snapshot, text), sameMark);
  const view = useRef<EditorView | null>(null);
  // Save as migration (issue 19): the SQL it will apply (the selection or everything), or null when closed.
  const [migration, setMigration] = useState<string | null>(null);
  const canMigrate = canWriteDatabase(useProjectRole(project));
  const container = useRef<HTMLDivElement>(null);

  // The router owns ?schema= (DESIGN §3): a new one in the address is forwarded to the tab's session.
  useEffect(() => session.send({ type: 'schema.set', schema: props.schema }), [session, props.schema]);

  // Leaving the tab before the pause in typing ended: its draft goes to the platform from outside the session.
  useEffect(() => () => void flushDraft(project.ref, snippetId), [project.ref, snippetId]);

  // The tab's label follows the snippet's name once it is loaded (the session emits it, issue 15).
  const announceName = useEffectEvent((loaded: string) => props.onLoaded(loaded));
  useEffect(() => {
    const subscription = session.on('session.loaded', (event) => announceName(event.name));
    return () => subscription.unsubscribe();
  }, [session]);

  const start = (sqlText: string, selection: { from: number; to: number } | null, explain: boolean) => {
    const chosen = sqlToRun(sqlText, selection);
    if (chosen.sql.trim() === '') return;
    const query = explain ? explainSql(chosen.sql) : chosen.sql;
    run.send({
      type: 'run.start',
      source: { offset: chosen.offset, text: sqlText, explain },
      request: {
        runId: crypto.randomUUID(),
        sql: query,
        impersonation: toQueryImpersonation(choice, { ref: project.ref, endpoint: props.endpoint }, Math.floor(Date.now() / 1000)),
        database: pickedReplica(project.ref, project.databases, props.database),
      },
      startedAt: performance.now(),
    });
  };
  const runFromToolbar = (explain: boolean) => {
    const current = view.current;
    const range = current?.state.selection.main;
    start(current?.state.doc.toString() ?? text, range ? { from: range.from, to: range.to } : null, explain);
  };

  // Run the statement under the cursor (issue 14): its place in the text is kept, so its error is marked there.
  const runStatement = () => {
    const current = view.current;
    const sqlText = current?.state.doc.toString() ?? text;
    const statement = statementAt(sqlText, current?.state.selection.main.head ?? 0);
    if (statement) start(sqlText, { from: statement.from, to: statement.to }, false);
  };

  // Format (issue 14): a maintained formatter, fetched on first use so it stays off the first load.
  const formatSql = async () => {
    const current = view.current?.state.doc.toString() ?? text;
    if (current.trim() === '') return;
    try {
      const { format } = await import('sql-formatter');
      session.send({ type: 'editor.change', sql: format(current, { language: 'postgresql', keywordCase: 'preserve' }) });
    } catch (error) {
      toast.error(`Could not format the query: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  };

  // A run that got its answer (rows or an error) is announced once: the machine emits it (issue 15).
  const announceRan = useEffectEvent(() => props.onRan());
  useEffect(() => {
    const subscription = run.on('run.finished', () => announceRan());
    return () => subscription.unsubscribe();
  }, [run]);

  const dragSplit = (event: React.PointerEvent) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    const move = (e: PointerEvent) => props.onSplitSize(clampSplit((e.clientY - box.top) / box.height));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    event.preventDefault();
  };

  if (loadError) {
    return (
      <div className={css.home}>
        <ErrorAlert subject="Failed to open the snippet" error={loadError} projectRef={project.ref}>
          <Button onPress={() => session.send({ type: 'session.retry' })}>Try again</Button>
        </ErrorAlert>
      </div>
    );
  }
  if (loading) return <Spinner label="Opening the snippet" />;

  return (
    <div className={css.page}>
      <div className={css.toolbar}>
        <Button variant="primary" size="small" isDisabled={running} onPress={() => runFromToolbar(false)} aria-keyshortcuts="Control+Enter">
          Run
        </Button>
        {running ? (
          <Button size="small" variant="danger" isDisabled={cancelling} onPress={() => run.send({ type: 'run.cancel' })}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : null}
        <Button size="small" variant="outline" isDisabled={running} onPress={runStatement}>
          Run statement
        </Button>
        <Button size="small" variant="outline" isDisabled={running} onPress={() => runFromToolbar(true)}>
          Explain
        </Button>
        <Button size="small" variant="ghost" onPress={() => void formatSql()}>
          Format
        </Button>
        {canMigrate ? (
          <Button
            size="small"
            variant="ghost"
            isDisabled={running}
            onPress={() => {
              const current = view.current;
              const range = current?.state.selection.main;
              setMigration(sqlToRun(current?.state.doc.toString() ?? text, range ? { from: range.from, to: range.to } : null).sql);
            }}
          >
            Save as migration
          </Button>
        ) : null}
        {migration !== null ? <SaveAsMigrationDialog projectRef={project.ref} sql={migration} snippetName={name ?? ''} onClose={() => setMigration(null)} /> : null}
        <span className={css.saveState} aria-live="polite">
          {saveError ? `Not saved to the platform (${saveError}); kept in this browser` : saveState === 'saving' ? 'Saving…' : saveState === 'unsaved' ? 'Unsaved changes kept in this browser' : 'Saved'}
        </span>
        <span className={css.spacer} />
        <Switch isSelected={props.intellisense} onChange={props.onIntellisense}>
          Autocomplete
        </Switch>
        <DatabasePicker project={project} selected={props.database} onSelect={props.onDatabase} />
        <RolePicker />
      </div>
      {conflict !== null ? (
        <div className={css.resultsBar} role="status">
          This snippet was changed elsewhere since your unsaved edit. Your text is shown and will be saved.
          <Button size="tiny" variant="ghost" onPress={() => navigator.clipboard?.writeText(conflict)}>
            Copy the other version
          </Button>
          <Button size="tiny" variant="ghost" onPress={() => session.send({ type: 'conflict.dismiss' })}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <div ref={container} style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <div className={css.editorPane} style={{ height: `${props.splitSize * 100}%` }}>
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <SqlCodeEditor
              value={text}
              onChange={(sql) => session.send({ type: 'editor.change', sql })}
              onRun={(sqlText, selection) => start(sqlText, selection, false)}
              completion={props.intellisense ? props.completion : null}
              functions={props.intellisense ? props.functions : null}
              defaultSchema={schema}
              error={marked}
              theme={props.theme}
              onView={(editorView) => {
                view.current = editorView;
              }}
            />
          </Suspense>
        </div>
        <button
          type="button"
          className={css.splitter}
          aria-label="Resize the editor and the results"
          onPointerDown={dragSplit}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp') props.onSplitSize(clampSplit(props.splitSize - 0.05));
            if (event.key === 'ArrowDown') props.onSplitSize(clampSplit(props.splitSize + 0.05));
          }}
        />
        <ResultsPanel
          projectRef={project.ref}
          running={running}
          startedAt={startedAt}
          statements={statements}
          result={result}
          error={runError}
          cancelled={cancelled}
          explain={ranExplain}
          fileName={name || 'results'}
        />
      </div>
      <DestructiveConfirm
        reasons={confirmation?.reasons ?? null}
        onConfirm={() => run.send({ type: 'run.confirm' })}
        onDismiss={() => run.send({ type: 'run.dismiss' })}
      />
    </div>
  );
}
