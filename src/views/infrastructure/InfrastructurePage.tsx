// Project settings → Infrastructure (issue 20, spec A2.5 with #{metric} anchors; A2.12: the resource banner's buttons
// link to settings/infrastructure#{metric}): the database's figures as this machine can measure them — its size
// against the disk, its connections against the compute size's limit (pg_stat_activity), the memory of its backends,
// its block reads — and, said plainly, that CPU cannot be measured per project (the machine's load instead). A paused
// project shows the paused card.
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Project } from '../../api/types.ts';
import { formatBytes } from '../../domain/format.ts';
import { CPU_NOT_MEASURABLE, INFRASTRUCTURE_ANCHORS, percentOf, type InfrastructureFigures } from '../../domain/infrastructure.ts';
import { computeSizeById, DEFAULT_COMPUTE_SIZE, formatCpu, formatRam } from '../../domain/project-lifecycle.ts';
import { READ_ONLY_RATIO } from '../../domain/resource-warnings.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import { showCreateReplica } from '../../domain/database-picker.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { ReplicasPanel } from '../replicas/ReplicasPanel.tsx';

export interface InfrastructurePageProps {
  project: Project;
  figures: InfrastructureFigures | null;
  error: string | null;
  onRefresh: () => void;
}

export function InfrastructurePage(props: InfrastructurePageProps) {
  if (props.project.status === 'INACTIVE') return <ProjectPausedCard project={props.project} />;
  return <Infrastructure {...props} />;
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className={css.factLabel}>{label}</dt>
      <dd className={css.factValue} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const percentText = (value: number | null) => (value === null ? '—' : `${value}%`);

function Infrastructure({ project, figures, error, onRefresh }: InfrastructurePageProps) {
  const { config } = useAppContext();
  const flags = useFeatureFlags();
  // spec A2.10, A4.5: read replicas are created here on the hosted platform with infrastructure:read_replicas on.
  const replicas = showCreateReplica(config.mode, isEnabled(flags, 'infrastructure:read_replicas'));
  // The banner links here with #{metric}: the figures arrive with the page, so the anchor is scrolled to once they do.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && figures) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [figures]);

  return (
    <section className={css.page} aria-labelledby="infrastructure-title">
      <div className={css.row}>
        <div className={css.rowText}>
          <h1 id="infrastructure-title" className={css.title}>Infrastructure</h1>
          <p className={css.subtitle}>What this machine measures of the project's database, now.</p>
        </div>
        <Button variant="default" size="tiny" onPress={onRefresh}>
          Refresh
        </Button>
      </div>
      {figures ? (
        <Figures project={project} figures={figures} />
      ) : (
        <ErrorAlert subject="The infrastructure figures could not be read" error={error ?? undefined} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={onRefresh}>
            Retry
          </Button>
        </ErrorAlert>
      )}
      {replicas ? (
        <div id="replicas">
          <ReplicasPanel project={project} />
        </div>
      ) : null}
    </section>
  );
}

function Figures({ project, figures }: { project: Project; figures: InfrastructureFigures }) {
  const compute = computeSizeById(figures.compute_size) ?? DEFAULT_COMPUTE_SIZE;
  const disk = figures.disk;
  const diskPercent = percentOf(disk.database_bytes, disk.disk_bytes);
  const connectionsPercent = percentOf(figures.connections.total, figures.connections.limit);
  const reads = figures.disk_io.blocks_read + figures.disk_io.blocks_hit;
  return (
    <>
      <div className={css.card} id={INFRASTRUCTURE_ANCHORS.disk_space} data-testid="infra-disk">
        <div className={css.row}>
          <h2 className={css.cardTitle}>Disk space</h2>
          {disk.read_only ? <Badge variant="warning">Read-only</Badge> : null}
        </div>
        <dl className={css.facts}>
          <Fact label="Database size" value={formatBytes(disk.database_bytes)} testId="infra-database-size" />
          <Fact label="Disk size" value={formatBytes(disk.disk_bytes)} testId="infra-disk-size" />
          <Fact label="Disk used" value={percentText(diskPercent)} testId="infra-disk-used" />
        </dl>
        <p className={css.text} id={INFRASTRUCTURE_ANCHORS.read_only}>
          {disk.read_only
            ? disk.read_only_enforced
              ? `The database is in read-only mode: it reached ${READ_ONLY_RATIO * 100}% of its disk. Free space or increase the disk and writes are accepted again.`
              : 'The database is in read-only mode (set by hand: default_transaction_read_only is on for the database).'
            : `At ${READ_ONLY_RATIO * 100}% of the disk the database becomes read-only until space is freed or the disk grows.`}{' '}
          <Link to="/project/$ref/settings/compute-and-disk" params={{ ref: project.ref }}>
            Change the disk
          </Link>
        </p>
      </div>

      <div className={css.card} id={INFRASTRUCTURE_ANCHORS.connections} data-testid="infra-connections">
        <h2 className={css.cardTitle}>Connections</h2>
        <dl className={css.facts}>
          <Fact label="Open connections" value={String(figures.connections.total)} testId="infra-connections-total" />
          <Fact label="Active" value={String(figures.connections.active)} />
          <Fact label="Idle" value={String(figures.connections.idle)} />
          <Fact label={`Limit of the ${compute.label} size`} value={String(figures.connections.limit)} testId="infra-connections-limit" />
          <Fact label="Used" value={percentText(connectionsPercent)} />
        </dl>
        <p className={css.text}>Sessions on the project's database from pg_stat_activity, against the direct-connection limit of its compute size.</p>
      </div>

      <div className={css.card} id={INFRASTRUCTURE_ANCHORS.ram} data-testid="infra-memory">
        <h2 className={css.cardTitle}>Memory</h2>
        {figures.memory.backend_bytes !== null ? (
          <>
            <dl className={css.facts}>
              <Fact label="Database processes" value={formatBytes(figures.memory.backend_bytes)} testId="infra-memory-used" />
              <Fact label="Processes" value={String(figures.memory.backends)} />
              <Fact label={`Memory of the ${compute.label} size`} value={formatRam(compute.ramGb)} />
            </dl>
            <p className={css.text}>
              {figures.memory.backends === 0 ? 'No Postgres process is serving this database right now (idle connections are closed). ' : ''}
              The proportional set size of the Postgres processes serving this database (shared memory counted in
              proportion), read from /proc. The compute size's memory is not reserved here: every project shares one
              cluster.
            </p>
          </>
        ) : (
          <p className={css.text} data-testid="infra-memory-unavailable">
            {figures.memory.unavailable_reason}
          </p>
        )}
      </div>

      <div className={css.card} id={INFRASTRUCTURE_ANCHORS.cpu} data-testid="infra-cpu">
        <h2 className={css.cardTitle}>CPU</h2>
        <p className={css.text} data-testid="infra-cpu-note">
          {CPU_NOT_MEASURABLE}
        </p>
        <dl className={css.facts}>
          <Fact label="Machine cores" value={String(figures.cpu.cores)} />
          <Fact label="Load average (1, 5, 15 min)" value={figures.cpu.load_average.map((n) => n.toFixed(2)).join(', ')} />
          <Fact label={`CPU of the ${compute.label} size`} value={formatCpu(compute.cpuCores)} />
        </dl>
      </div>

      <div className={css.card} id={INFRASTRUCTURE_ANCHORS.disk_io} data-testid="infra-disk-io">
        <h2 className={css.cardTitle}>Disk IO</h2>
        <dl className={css.facts}>
          <Fact label="Blocks read from disk" value={figures.disk_io.blocks_read.toLocaleString('en-US')} />
          <Fact label="Blocks found in memory" value={figures.disk_io.blocks_hit.toLocaleString('en-US')} />
          <Fact label="Cache hit ratio" value={reads > 0 ? `${Math.round((figures.disk_io.blocks_hit / reads) * 1000) / 10}%` : '—'} />
        </dl>
        <p className={css.text}>Since the database's statistics were last reset (pg_stat_database). A disk IO budget is not modelled locally.</p>
      </div>
    </>
  );
}
