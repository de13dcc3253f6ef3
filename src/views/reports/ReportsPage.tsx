// /project/{ref}/reports (spec A2.2, issue 19): the database's size, connections by role against the compute size's
// limit, cache hit ratio, transactions and rows per second over a chosen date range, from the platform's minute
// samples (kept 7 days), drawn as small SVG charts.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { reportMetricsRead } from '../../actors/logs.ts';
import type { Project } from '../../api/types.ts';
import { formatBytes } from '../../domain/format.ts';
import { customRange, type TimeRange } from '../../domain/logs.ts';
import { connectionRoles, DEFAULT_REPORT_RANGE, REPORT_RANGES, REPORT_RETENTION_DAYS, REPORT_SAMPLE_MINUTES, reportPoints } from '../../domain/reports.ts';
import { Button } from '../../ui/Button.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { CUSTOM_RANGE, DateRangeControl, toLocalInput } from '../shared/DateRangeControl.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from '../shared/ChartPage.css.ts';

const SERIES_COLORS = ['#3ecf8e', '#6e9eff', '#f5a623', '#c678dd', '#e5484d', '#56b6c2'];
/** Rates and the hit ratio are differences between two samples. */
const NEEDS_TWO = 'Shown from the second sample of the range on (one a minute)';
const perSecond = (v: number) => `${v < 10 ? v.toFixed(2) : Math.round(v)}/s`;

export function ReportsPage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <Reports project={project} />;
}

function rangeOf(id: string, now: Date): TimeRange {
  const preset = REPORT_RANGES.find((r) => r.id === id) ?? REPORT_RANGES[2];
  return { start: new Date(now.getTime() - preset.ms), end: now };
}

function Reports({ project }: { project: Project }) {
  const [preset, setPreset] = useState<string>(DEFAULT_REPORT_RANGE);
  const [customStart, setCustomStart] = useState(() => toLocalInput(new Date(Date.now() - 24 * 3_600_000)));
  const [customEnd, setCustomEnd] = useState(() => toLocalInput(new Date()));
  const [range, setRange] = useState(() => ({ ...rangeOf(DEFAULT_REPORT_RANGE, new Date()), version: 0 }));
  const [rangeError, setRangeError] = useState<string | null>(null);

  const choose = (id: string) => {
    setPreset(id);
    if (id !== CUSTOM_RANGE) setRange((r) => ({ ...rangeOf(id, new Date()), version: r.version + 1 }));
  };
  const refresh = () => {
    const next = preset === CUSTOM_RANGE ? customRange(customStart, customEnd) : rangeOf(preset, new Date());
    if (typeof next === 'string') return setRangeError(next);
    setRangeError(null);
    setRange((r) => ({ ...next, version: r.version + 1 }));
  };
  const read = useTaskRead(
    reportMetricsRead,
    { ref: project.ref, start: range.start.toISOString(), end: range.end.toISOString() },
    String(range.version),
  );
  const points = reportPoints(read.data?.samples ?? []);
  const times = points.map((p) => p.at);
  const roles = connectionRoles(points);

  return (
    <div className={css.page}>
      <header>
        <h1 className={css.title}>Reports</h1>
        <p className={css.subtitle}>
          Sampled by the platform every {REPORT_SAMPLE_MINUTES} minute and kept {REPORT_RETENTION_DAYS} days.
        </p>
      </header>
      <div className={css.toolbar}>
        <DateRangeControl
          label="Date range"
          presets={REPORT_RANGES}
          preset={preset}
          onPresetChange={choose}
          customStart={customStart}
          customEnd={customEnd}
          onCustomStartChange={setCustomStart}
          onCustomEndChange={setCustomEnd}
        />
        <Button onPress={refresh} isDisabled={read.loading}>
          {preset === CUSTOM_RANGE ? 'Apply' : 'Refresh'}
        </Button>
      </div>
      {rangeError ? (
        <p className={css.alert} role="alert">
          {rangeError}
        </p>
      ) : null}
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve the report" error={read.error} projectRef={project.ref}>
          <Button onPress={read.retry}>Try again</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={8} />
      ) : points.length === 0 ? (
        <EmptyState level={2} title="No samples in this range yet" description={`The platform samples the database every ${REPORT_SAMPLE_MINUTES} minute; come back in a minute or choose a wider range.`} />
      ) : (
        <div className={css.grid}>
          <section className={css.card} aria-labelledby="report-size">
            <h2 id="report-size" className={css.cardTitle}>
              Database size
            </h2>
            <LineChart title="Database size" times={times} format={(v) => formatBytes(v)} series={[{ label: 'Size', color: SERIES_COLORS[0]!, values: points.map((p) => p.databaseBytes) }]} />
          </section>
          <section className={css.card} aria-labelledby="report-connections">
            <h2 id="report-connections" className={css.cardTitle}>
              Connections by role
            </h2>
            <p className={css.cardText}>
              Limit of the {read.data?.compute_size ?? ''} compute size: {read.data?.connection_limit} connections
            </p>
            <LineChart
              title="Connections by role"
              times={times}
              format={(v) => String(Math.round(v))}
              limit={{ value: read.data?.connection_limit ?? 0, label: 'Connection limit' }}
              series={(roles.length > 0 ? roles : ['connections']).map((role, i) => ({
                label: role,
                color: SERIES_COLORS[i % SERIES_COLORS.length]!,
                values: points.map((p) => p.byRole[role] ?? 0),
              }))}
            />
          </section>
          <section className={css.card} aria-labelledby="report-cache">
            <h2 id="report-cache" className={css.cardTitle}>
              Cache hit ratio
            </h2>
            <LineChart title="Cache hit ratio" emptyText={NEEDS_TWO} times={times} format={(v) => `${v.toFixed(1)}%`} series={[{ label: 'Hit ratio', color: SERIES_COLORS[1]!, values: points.map((p) => p.cacheHitRatio) }]} />
          </section>
          <section className={css.card} aria-labelledby="report-transactions">
            <h2 id="report-transactions" className={css.cardTitle}>
              Transactions per second
            </h2>
            <LineChart title="Transactions per second" emptyText={NEEDS_TWO} times={times} format={perSecond} series={[{ label: 'Transactions', color: SERIES_COLORS[2]!, values: points.map((p) => p.transactionsPerSecond) }]} />
          </section>
          <section className={css.card} aria-labelledby="report-rows">
            <h2 id="report-rows" className={css.cardTitle}>
              Rows per second
            </h2>
            <LineChart
              title="Rows per second" emptyText={NEEDS_TWO}
              times={times}
              format={perSecond}
              series={[
                { label: 'Read', color: SERIES_COLORS[1]!, values: points.map((p) => p.rowsReadPerSecond) },
                { label: 'Written', color: SERIES_COLORS[0]!, values: points.map((p) => p.rowsWrittenPerSecond) },
              ]}
            />
          </section>
        </div>
      )}
    </div>
  );
}
