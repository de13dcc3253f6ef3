// The lower half of a SQL tab (issue 7): the result of the last run (rows with count and duration, copy, CSV and
// JSON export), its error as Postgres formatted it, an EXPLAIN plan, or the query history of the project.
import { useState } from 'react';
import type { SqlRunError, SqlRunResult } from '../../../machines/sql-run.machine.ts';
import { saveBlob } from '../../actors/storage-effects.ts';
import { resultsToCsv, resultsToJson, resultsToTsv } from '../../domain/sql-editor.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ElapsedTime, formatDuration } from './RunFeedback.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import * as css from './SqlEditor.css.ts';

export interface ResultsPanelProps {
  projectRef: string;
  running: boolean;
  /** When the running query started (performance.now() clock), for its ticking time. */
  startedAt: number | null;
  result: SqlRunResult | null;
  error: SqlRunError | null;
  cancelled: boolean;
  explain: boolean;
  fileName: string;
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'results';

export function ResultsPanel(props: ResultsPanelProps) {
  const [view, setView] = useState<'results' | 'history'>('results');
  const rows = props.result?.rows ?? [];

  const copyAll = () =>
    navigator.clipboard?.writeText(resultsToTsv(rows)).then(
      () => toast.success(`Copied ${rows.length} row(s)`, { timeout: 2000 }),
      () => toast.error('Could not copy to the clipboard'),
    );

  return (
    <div className={css.resultsPane}>
      <div className={css.resultsBar}>
        <Button size="tiny" variant={view === 'results' ? 'default' : 'ghost'} onPress={() => setView('results')} aria-pressed={view === 'results'}>
          Results
        </Button>
        <Button size="tiny" variant={view === 'history' ? 'default' : 'ghost'} onPress={() => setView('history')} aria-pressed={view === 'history'}>
          History
        </Button>
        <span className={css.spacer} />
        {props.running && props.startedAt !== null ? <ElapsedTime startedAt={props.startedAt} /> : null}
        {view === 'results' && !props.running && props.error && !props.cancelled && props.error.durationMs !== null ? (
          <span data-testid="sql-duration" className={css.elapsed}>{`Failed after ${formatDuration(props.error.durationMs)}`}</span>
        ) : null}
        {view === 'results' && props.result && !props.explain ? (
          <>
            <span role="status">
              {rows.length.toLocaleString('en-US')} row{rows.length === 1 ? '' : 's'} · {formatDuration(props.result.durationMs)}
            </span>
            <Button size="tiny" variant="ghost" isDisabled={rows.length === 0} onPress={copyAll}>
              Copy
            </Button>
            <Button
              size="tiny"
              variant="ghost"
              isDisabled={rows.length === 0}
              onPress={() => saveBlob(new Blob([resultsToCsv(rows)], { type: 'text/csv' }), `${safeName(props.fileName)}.csv`)}
            >
              Export CSV
            </Button>
            <Button
              size="tiny"
              variant="ghost"
              isDisabled={rows.length === 0}
              onPress={() => saveBlob(new Blob([resultsToJson(rows)], { type: 'application/json' }), `${safeName(props.fileName)}.json`)}
            >
              Export JSON
            </Button>
          </>
        ) : null}
      </div>
      {view === 'history' ? (
        <HistoryPanel projectRef={props.projectRef} />
      ) : props.running ? (
        <Spinner label="Running the query" />
      ) : props.cancelled ? (
        <p className={css.resultNote} role="status">
          The query was cancelled.
        </p>
      ) : props.error ? (
        <pre className={css.errorText} role="alert">
          {props.error.formattedError ?? `ERROR: ${props.error.message}`}
        </pre>
      ) : props.result && props.explain ? (
        <pre className={css.plan} aria-label="Query plan">
          {rows.map((row) => String(Object.values(row)[0] ?? '')).join('\n')}
        </pre>
      ) : props.result ? (
        <ResultsGrid rows={rows} />
      ) : (
        <p className={css.resultNote}>Run a query (Ctrl+Enter) to see its results here.</p>
      )}
    </div>
  );
}
