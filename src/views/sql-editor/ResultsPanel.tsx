// The lower half of a SQL tab (issue 7): the result of the last run (rows with count and duration, copy, CSV and
// JSON export; issue 14: Markdown too, and a chart of a two-column numeric result), its error as Postgres formatted
// it, an EXPLAIN plan, or the query history of the project.
import { useMemo, useState } from 'react';
import type { SqlRunError, SqlRunResult } from '../../../machines/sql-run.machine.ts';
import { saveBlob } from '../../actors/save-blob.ts';
import { resultsToTsv } from '../../domain/sql-editor.ts';
import { chartSeries, RESULT_FORMATS, type ResultFormat } from '../../domain/sql-results.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ElapsedTime, formatDuration } from './RunFeedback.tsx';
import { ResultsChart } from './ResultsChart.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import * as css from './SqlEditor.css.ts';

export interface ResultsPanelProps {
  projectRef: string;
  running: boolean;
  /** When the running query started (performance.now() clock), for its ticking time. */
  startedAt: number | null;
  /** How many statements the running request sends. */
  statements?: number | null;
  result: SqlRunResult | null;
  error: SqlRunError | null;
  cancelled: boolean;
  explain: boolean;
  fileName: string;
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'results';

export function ResultsPanel(props: ResultsPanelProps) {
  const [view, setView] = useState<'results' | 'history'>('results');
  const [chart, setChart] = useState(false);
  const rows = useMemo(() => props.result?.rows ?? [], [props.result]);
  const series = useMemo(() => (props.explain ? null : chartSeries(rows)), [rows, props.explain]);
  const download = (format: ResultFormat) => {
    const { serialise, type, extension } = RESULT_FORMATS[format];
    saveBlob(new Blob([serialise(rows)], { type }), `${safeName(props.fileName)}.${extension}`);
  };

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
        {props.running && props.startedAt !== null ? <ElapsedTime startedAt={props.startedAt} statements={props.statements ?? null} /> : null}
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
            {(Object.keys(RESULT_FORMATS) as ResultFormat[]).map((format) => (
              <Button key={format} size="tiny" variant="ghost" isDisabled={rows.length === 0} onPress={() => download(format)}>
                {`Export ${RESULT_FORMATS[format].label}`}
              </Button>
            ))}
            {series ? (
              <Button size="tiny" variant={chart ? 'default' : 'ghost'} aria-pressed={chart} onPress={() => setChart(!chart)}>
                Chart
              </Button>
            ) : null}
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
      ) : props.result && series && chart ? (
        <ResultsChart series={series} />
      ) : props.result ? (
        <ResultsGrid rows={rows} />
      ) : (
        <p className={css.resultNote}>Run a query (Ctrl+Enter) to see its results here.</p>
      )}
    </div>
  );
}
