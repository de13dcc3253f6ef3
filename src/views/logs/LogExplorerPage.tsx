// /project/{ref}/logs/explorer (and /logs with the unified-logs flag; spec A2.2, issue 19): the platform's API
// requests, Postgres's log, auth and storage events of the project. A source, filters, a search and a time range
// write a logs query (src/domain/logs.ts) that the query box shows and may edit; the platform runs it (logs.all,
// A5 rules) and counts it over the range (the histogram). A row opens its detail.
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { logsRead } from '../../actors/logs.ts';
import type { Project } from '../../api/types.ts';
import {
  buildLogsQuery,
  customRange,
  DEFAULT_LOG_PRESET,
  filtersOf,
  histogramBars,
  LOG_SOURCE_LIST,
  LOG_TIME_PRESETS,
  logSource,
  logsQueryRefusal,
  METHOD_FILTERS,
  NO_LOG_FILTERS,
  presetRange,
  rowLevel,
  SEVERITY_FILTERS,
  STATUS_FILTERS,
  type LogFilters,
  type LogRow,
  type LogSourceId,
  type TimeRange,
} from '../../domain/logs.ts';
import { Button } from '../../ui/Button.tsx';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CUSTOM_RANGE, DateRangeControl, toLocalInput } from '../shared/DateRangeControl.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from './Logs.css.ts';

const ANY = 'any';

export function LogExplorerPage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <LogExplorer project={project} />;
}


function LogExplorer({ project }: { project: Project }) {
  const [source, setSource] = useState<LogSourceId>('api');
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS);
  const [typedSearch, setTypedSearch] = useState('');
  const [preset, setPreset] = useState<string>(DEFAULT_LOG_PRESET);
  const [customStart, setCustomStart] = useState(() => toLocalInput(new Date(Date.now() - 3_600_000)));
  const [customEnd, setCustomEnd] = useState(() => toLocalInput(new Date()));
  const [sql, setSql] = useState(() => buildLogsQuery('api', NO_LOG_FILTERS));
  // What runs: the query and the range, fixed when the user runs it (a preset's "now" is taken then).
  const [run, setRun] = useState(() => ({ sql, range: presetRange(DEFAULT_LOG_PRESET, new Date()), version: 0 }));
  const [selected, setSelected] = useState<number | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);

  const currentRange = (): TimeRange | string => (preset === CUSTOM_RANGE ? customRange(customStart, customEnd) : presetRange(preset, new Date()));
  const start = (text: string) => {
    const range = currentRange();
    if (typeof range === 'string') {
      setRangeError(range);
      return;
    }
    setRangeError(null);
    setSelected(null);
    setRun((r) => ({ sql: text, range, version: r.version + 1 }));
  };
  // The filters rewrite the query and run it, as the hosted explorer does.
  const applyFilters = (nextSource: LogSourceId, nextFilters: LogFilters) => {
    setSource(nextSource);
    setFilters(nextFilters);
    const text = buildLogsQuery(nextSource, nextFilters);
    setSql(text);
    start(text);
  };

  const refusal = logsQueryRefusal(sql);
  const input = { ref: project.ref, sql: run.sql, start: run.range.start.toISOString(), end: run.range.end.toISOString() };
  const read = useTaskRead(logsRead, input, `${run.version}\u0000${run.sql}`);
  const rows = read.data?.rows ?? [];
  const info = logSource(source);
  const available = filtersOf(source);
  const columns = rows.length > 0 ? Object.keys(rows[0]!) : info.columns;
  const detail = selected !== null ? rows[selected] : undefined;
  const bars = histogramBars(run.range, read.data?.histogram ?? []);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    applyFilters(source, { ...filters, search: typedSearch });
  };
  const option = (values: readonly string[]) => [{ id: ANY, label: 'Any' }, ...values.map((v) => ({ id: v, label: v }))];

  return (
    <div className={css.page}>
      <header>
        <h1 className={css.title}>Logs Explorer</h1>
        <p className={css.subtitle}>The project's API requests, Postgres log, auth and storage events, kept for 7 days.</p>
      </header>
      <form className={css.toolbar} onSubmit={submitSearch} role="search" aria-label="Log filters">
        <div className={css.field}>
          <Select
            label="Source"
            options={LOG_SOURCE_LIST.map((s) => ({ id: s.id, label: s.label }))}
            selectedKey={source}
            onSelectionChange={(key) => applyFilters(String(key) as LogSourceId, { ...NO_LOG_FILTERS, search: filters.search })}
          />
        </div>
        {available.status ? (
          <div className={css.field}>
            <Select label="Status" options={option(STATUS_FILTERS)} selectedKey={filters.status ?? ANY} onSelectionChange={(key) => applyFilters(source, { ...filters, status: key === ANY ? null : String(key) })} />
          </div>
        ) : null}
        {available.method ? (
          <div className={css.field}>
            <Select label="Method" options={option(METHOD_FILTERS)} selectedKey={filters.method ?? ANY} onSelectionChange={(key) => applyFilters(source, { ...filters, method: key === ANY ? null : String(key) })} />
          </div>
        ) : null}
        {available.severity ? (
          <div className={css.field}>
            <Select label="Severity" options={option(SEVERITY_FILTERS)} selectedKey={filters.severity ?? ANY} onSelectionChange={(key) => applyFilters(source, { ...filters, severity: key === ANY ? null : String(key) })} />
          </div>
        ) : null}
        <div className={css.search}>
          <TextField label="Search events" type="search" value={typedSearch} onChange={setTypedSearch} placeholder="Text in the event message" />
        </div>
        <Button type="submit">Search</Button>
        <DateRangeControl
          label="Time range"
          presets={LOG_TIME_PRESETS}
          preset={preset}
          onPresetChange={setPreset}
          customStart={customStart}
          customEnd={customEnd}
          onCustomStartChange={setCustomStart}
          onCustomEndChange={setCustomEnd}
        />
        <Button onPress={() => start(run.sql)} isDisabled={read.loading}>
          Refresh
        </Button>
      </form>
      {rangeError ? (
        <p className={css.refusal} role="alert">
          {rangeError}
        </p>
      ) : null}

      <div className={css.queryCard}>
        <TextField label="Query" multiline rows={5} monospace value={sql} onChange={setSql} description="select … from edge_logs | postgres_logs | auth_logs | storage_logs [where …] [order by …] [limit n]" />
        <div className={css.queryActions}>
          <Button variant="primary" onPress={() => start(sql)} isDisabled={refusal !== null || !sql.trim()}>
            Run query
          </Button>
          {refusal ? (
            <p className={css.refusal} role="alert">
              {refusal}
            </p>
          ) : null}
        </div>
      </div>

      <BarChart
        title={`Events per interval, ${info.label}`}
        bars={bars.map((b) => ({ label: b.start.toLocaleString(), value: b.count }))}
        format={(v) => String(Math.round(v))}
        edges={[run.range.start.toLocaleString(), run.range.end.toLocaleString()]}
        width={1200}
        height={110}
      />

      {read.error ? (
        <ErrorAlert subject="Failed to run the logs query" error={read.error} projectRef={project.ref}>
          <Button onPress={read.retry}>Try again</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={8} />
      ) : rows.length === 0 ? (
        <EmptyState level={2} title="No results found" description="No log events match this query in the chosen time range. Widen the range or change the filters." />
      ) : (
        <div className={css.split} data-detail={detail ? 'true' : 'false'}>
          <div>
            <p className={css.count}>
              {rows.length} {rows.length === 1 ? 'event' : 'events'}
            </p>
            <div className={css.tableWrap}>
              <table className={css.table} aria-label={`${info.label} log events`}>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column} className={css.th} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <LogRowView key={index} row={row} columns={columns} selected={selected === index} onSelect={() => setSelected(selected === index ? null : index)} />
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          {detail ? (
            <aside className={css.detail} aria-label="Log event detail">
              <div className={css.detailHead}>
                <h2 className={css.detailTitle}>Event detail</h2>
                <Button onPress={() => setSelected(null)}>Close</Button>
              </div>
              <pre className={css.pre}>{JSON.stringify(detail, null, 2)}</pre>
            </aside>
          ) : null}
        </div>
      )}
    </div>
  );
}

const LEVEL_COLORS = { error: '#e5484d', warning: '#f5a623', info: '#3ecf8e' } as const;

function LogRowView({ row, columns, selected, onSelect }: { row: LogRow; columns: string[]; selected: boolean; onSelect: () => void }) {
  const level = rowLevel(row);
  return (
    <tr className={css.row} aria-selected={selected} onClick={onSelect}>
      {columns.map((column, i) => (
        <td key={column} className={css.td}>
          {i === 0 ? (
            <button type="button" className={css.rowButton} onClick={(e) => (e.stopPropagation(), onSelect())} aria-label={`Open event ${String(row[column] ?? '')}`}>
              <span className={css.level} style={{ background: LEVEL_COLORS[level] }} aria-hidden="true" />
              {String(row[column] ?? '')}
            </button>
          ) : row[column] === null || row[column] === undefined ? (
            '—'
          ) : (
            String(row[column])
          )}
        </td>
      ))}
    </tr>
  );
}
