// Project settings → Compute and Disk (spec B2.9, B9): the compute sizes with RAM, CPU and prices, the current size
// marked, and 'Change compute size' (a restart) → resize; the project-status actor then shows Resizing (A4.1).
// Below it the disk (DiskSettings: type, size, IOPS, throughput, the 6 h cooldown; issue 20). A paused project shows
// the paused card.
import { useState } from 'react';
import type { Project } from '../../api/types.ts';
import { can } from '../../domain/permissions.ts';
import {
  COMPUTE_SIZES,
  computeSizeById,
  DEFAULT_COMPUTE_SIZE,
  formatCpu,
  formatHourly,
  formatMonthly,
  formatRam,
  isComputeSizeAvailable,
} from '../../domain/project-lifecycle.ts';
import { projectComputeSize } from '../../domain/projects.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import { OperationConfirmDialog, useProjectOperation } from './OperationConfirmDialog.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import * as narrow from './ComputeAndDiskPage.css.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import type { DiskResponse } from '../../api/infrastructure.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { DiskSettings } from './DiskSettings.tsx';

const RESIZE_REFUSED = 'You need additional permissions to change the compute size';

export interface DiskRead {
  disk: DiskResponse | null;
  /** Why the disk could not be read (the card says so, with a retry). */
  error: string | null;
}

export function ComputeAndDiskPage({ project, disk, onRetryDisk }: { project: Project; disk: DiskRead; onRetryDisk: () => void }) {
  if (project.status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <ComputeAndDisk project={project} disk={disk} onRetryDisk={onRetryDisk} />;
}

function ComputeAndDisk({ project, disk, onRetryDisk }: { project: Project; disk: DiskRead; onRetryDisk: () => void }) {
  const role = useProjectRole(project);
  const allowed = can(role, 'UPDATE', 'projects');
  const operation = useProjectOperation(project.ref);
  const current = computeSizeById(projectComputeSize(project)) ?? DEFAULT_COMPUTE_SIZE;
  const options = COMPUTE_SIZES.map((size) => ({
    id: size.id,
    label: `${size.label} — ${formatRam(size.ramGb)}, ${formatCpu(size.cpuCores)} CPU, ${formatMonthly(size.pricePerMonth)}`,
    isDisabled: size.id === current.id || !isComputeSizeAvailable(size.id, project.cloud_provider),
  }));
  const [chosen, setChosen] = useState<string | null>(null);
  const active = project.status === 'ACTIVE_HEALTHY';

  return (
    <section className={css.page} aria-labelledby="compute-title">
      <div>
        <h1 id="compute-title" className={css.title}>Compute and Disk</h1>
        <p className={css.subtitle}>The compute size sets the project's memory and CPU. Changing it restarts the project.</p>
      </div>

      <div className={css.card}>
        <div className={css.row}>
          <div className={css.rowText}>
            <h2 className={css.cardTitle}>Compute size</h2>
            <p className={css.text} data-testid="current-compute-size">
              Current size: <strong>{current.label}</strong> ({formatRam(current.ramGb)} memory, {formatCpu(current.cpuCores)} CPU)
            </p>
          </div>
        </div>
        <div className={css.row}>
          <Select label="New compute size" options={options} selectedKey={chosen} onSelectionChange={(key) => setChosen(key == null ? null : String(key))} placeholder="Choose a size" />
          <AllowedOr allowed={allowed} reason={RESIZE_REFUSED}>
            <Button
              variant="primary"
              size="tiny"
              isDisabled={!allowed || !active || chosen === null || chosen === current.id}
              onPress={() => chosen && operation.send({ type: 'operation.request', request: { kind: 'resize', computeSize: chosen } })}
            >
              Change compute size
            </Button>
          </AllowedOr>
        </div>
        <table className={`${css.table} ${narrow.table}`} aria-label="Compute sizes" data-testid="compute-sizes">
          <thead className={narrow.head}>
            <tr>
              <th className={css.th}>Size</th>
              <th className={css.th}>Memory</th>
              <th className={css.th}>CPU</th>
              <th className={css.th}>Price</th>
              <th className={css.th}>Notes</th>
            </tr>
          </thead>
          <tbody className={narrow.body}>
            {COMPUTE_SIZES.map((size) => {
              const isCurrent = size.id === current.id;
              const available = isComputeSizeAvailable(size.id, project.cloud_provider);
              return (
                <tr key={size.id} className={[narrow.row, isCurrent ? css.currentRow : ''].filter(Boolean).join(' ')} data-testid={`compute-${size.id}`} aria-current={isCurrent ? 'true' : undefined}>
                  <td className={`${css.td} ${narrow.cell} ${narrow.nameCell}`}>{size.label}</td>
                  <td className={`${css.td} ${narrow.cell}`} data-label="Memory">{formatRam(size.ramGb)}</td>
                  <td className={`${css.td} ${narrow.cell}`} data-label="CPU">{formatCpu(size.cpuCores)}</td>
                  <td className={`${css.td} ${narrow.cell}`} data-label="Price">
                    <span className={css.mono}>{formatHourly(size.pricePerHour)}</span> · {formatMonthly(size.pricePerMonth)}
                  </td>
                  <td className={`${css.td} ${narrow.cell}`}>
                    {isCurrent ? <Badge variant="brand">Current</Badge> : !available ? <Badge variant="outline">Not available on this provider</Badge> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {disk.disk ? (
        <DiskSettings
          projectRef={project.ref}
          disk={disk.disk}
          computeSize={current.id}
          allowed={can(role, 'UPDATE', 'projects')}
          active={active}
        />
      ) : (
        <div className={css.card} id="disk">
          <h2 className={css.cardTitle}>Disk</h2>
          <ErrorAlert subject="The disk configuration could not be read" error={disk.error ?? undefined} projectRef={project.ref}>
            <Button variant="default" size="tiny" onPress={onRetryDisk}>
              Retry
            </Button>
          </ErrorAlert>
        </div>
      )}

      <OperationConfirmDialog actor={operation} projectName={project.name} />
    </section>
  );
}
