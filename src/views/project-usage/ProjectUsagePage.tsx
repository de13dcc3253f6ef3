// /project/{ref}/usage (spec A2.2, issue 19): the project's own usage over time — database size and storage size
// per day (the platform's samples), egress (bytes of API responses) and API requests per day (its request log) —
// with the figures of the range and the sizes now. The organization's usage and billing live at /org/{slug}/usage.
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { projectUsageRead } from '../../actors/logs.ts';
import type { Project } from '../../api/types.ts';
import { formatBytes } from '../../domain/format.ts';
import { usageTotals } from '../../domain/reports.ts';
import { Button } from '../../ui/Button.tsx';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from '../shared/ChartPage.css.ts';

const DAY = 86_400_000;
const RANGES = [
  { id: '7', label: 'Last 7 days' },
  { id: '14', label: 'Last 14 days' },
  { id: '30', label: 'Last 30 days' },
];

export function ProjectUsagePage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <ProjectUsage project={project} />;
}

function ProjectUsage({ project }: { project: Project }) {
  const [days, setDays] = useState('7');
  const [version, setVersion] = useState(0);
  const [end] = useState(() => new Date());
  const start = new Date(end.getTime() - (Number(days) - 1) * DAY);
  const read = useTaskRead(projectUsageRead, { ref: project.ref, start: start.toISOString(), end: new Date().toISOString() }, `${days}\u0000${version}`);
  const rows = read.data?.days ?? [];
  const totals = usageTotals(rows);
  const edges: [string, string] | undefined = rows.length > 0 ? [rows[0]!.date, rows[rows.length - 1]!.date] : undefined;
  const bytes = (v: number) => formatBytes(v);
  const count = (v: number) => String(Math.round(v));

  return (
    <div className={css.page}>
      <header>
        <h1 className={css.title}>Usage</h1>
        <p className={css.subtitle}>
          This project's own usage. Your organization's usage and billing are on the{' '}
          <Link to="/org/$slug/usage" params={{ slug: project.organization_slug ?? '' }} search={{ projectRef: project.ref }}>
            organization's usage page
          </Link>
          .
        </p>
      </header>
      <div className={css.toolbar}>
        <div className={css.field}>
          <Select label="Period" options={RANGES} selectedKey={days} onSelectionChange={(key) => setDays(String(key))} />
        </div>
        <Button onPress={() => setVersion((v) => v + 1)} isDisabled={read.loading}>
          Refresh
        </Button>
      </div>
      {read.error ? (
        <ErrorAlert subject="Failed to retrieve the project's usage" error={read.error} projectRef={project.ref}>
          <Button onPress={read.retry}>Try again</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={8} />
      ) : (
        <div className={css.grid}>
          <UsageCard id="usage-db" title="Database size" figure={read.data?.current.database_bytes != null ? bytes(read.data.current.database_bytes) : '—'} note="Now; the bars are each day's largest sample">
            <BarChart title="Database size per day" bars={rows.map((d) => ({ label: d.date, value: d.database_bytes ?? 0 }))} format={bytes} edges={edges} />
          </UsageCard>
          <UsageCard id="usage-storage" title="Storage size" figure={bytes(read.data?.current.storage_bytes ?? 0)} note="Stored objects now; the bars are each day's largest sample">
            <BarChart title="Storage size per day" bars={rows.map((d) => ({ label: d.date, value: d.storage_bytes ?? 0 }))} format={bytes} edges={edges} />
          </UsageCard>
          <UsageCard id="usage-egress" title="Egress" figure={bytes(totals.egressBytes)} note="Bytes of API responses in this period">
            <BarChart title="Egress per day" bars={rows.map((d) => ({ label: d.date, value: d.egress_bytes }))} format={bytes} edges={edges} />
          </UsageCard>
          <UsageCard id="usage-requests" title="API requests" figure={count(totals.requests)} note="Requests to the project's APIs and the console's calls in this period">
            <BarChart title="API requests per day" bars={rows.map((d) => ({ label: d.date, value: d.requests }))} format={count} edges={edges} />
          </UsageCard>
        </div>
      )}
    </div>
  );
}

function UsageCard({ id, title, figure, note, children }: { id: string; title: string; figure: string; note: string; children: ReactNode }) {
  return (
    <section className={css.card} aria-labelledby={id}>
      <h2 id={id} className={css.cardTitle}>
        {title}
      </h2>
      <p className={css.figure} data-testid={`${id}-figure`}>
        {figure}
      </p>
      <p className={css.cardText}>{note}</p>
      {children}
    </section>
  );
}
