// Project settings → General (spec A2.5): the project's facts, restart, pause, Postgres upgrade (only when
// eligible), and the danger zone with 'Delete project' (A6: UPDATE on projects).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { UpgradeEligibility } from '../../api/project-lifecycle.ts';
import type { Project } from '../../api/types.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { can, PERMISSION_MESSAGES } from '../../domain/permissions.ts';
import { computeSizeById, DEFAULT_COMPUTE_SIZE } from '../../domain/project-lifecycle.ts';
import { displayPostgresVersion, projectComputeSize } from '../../domain/projects.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Select } from '../../ui/Select.tsx';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import { DeleteProjectModal } from '../shared/DeleteProjectModal.tsx';
import { OperationConfirmDialog, useProjectOperation, type OperationActor } from './OperationConfirmDialog.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { ProjectRenameForm } from '../shared/ProjectRenameForm.tsx';

/** Not given by the spec: pausing, restarting and upgrading need the same role as deleting (contract: admins). */
const OPERATIONS_REFUSED = 'You need additional permissions to manage this project';

export interface ProjectGeneralSettingsProps {
  project: Project;
  /** null when the eligibility could not be read: the upgrade section is then left out. */
  eligibility: UpgradeEligibility | null;
}

export function ProjectGeneralSettings({ project, eligibility }: ProjectGeneralSettingsProps) {
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const role = useProjectRole(project);
  const admin = can(role, 'UPDATE', 'projects');
  const [deleting, setDeleting] = useState(false);
  const operation = useProjectOperation(project.ref, (done) => {
    // spec A2.8: the upgrade screen reads the status of this tracking id.
    const trackingId = (done.output as { tracking_id?: string } | undefined)?.tracking_id;
    if (done.kind === 'upgrade') void navigate({ to: '/project/$ref', params: { ref: project.ref }, search: trackingId ? { trackingId } : {} });
  });
  const size = computeSizeById(projectComputeSize(project)) ?? DEFAULT_COMPUTE_SIZE;
  const active = project.status === 'ACTIVE_HEALTHY';

  return (
    <section className={css.page} aria-labelledby="general-title">
      <div>
        <h1 id="general-title" className={css.title}>General Settings</h1>
        <p className={css.subtitle}>The project's details and the operations that change its state.</p>
      </div>

      <div className={css.card}>
        <h2 className={css.cardTitle}>Project details</h2>
        <ProjectRenameForm projectRef={project.ref} name={project.name} allowed={admin} />
        <dl className={css.facts}>
          <Fact label="Project ID" value={project.ref} copy />
          <Fact label="Region" value={project.region} />
          <Fact label="Postgres version" value={displayPostgresVersion(project.dbVersion) ?? '—'} />
          <Fact label="Compute size" value={size.label} />
        </dl>
      </div>

      {isEnabled(flags, 'project_settings:restart_project') ? (
        <OperationRow
          title="Restart project"
          text="Your project will not be available for a few minutes while its database and services restart."
          label="Restart project"
          allowed={admin}
          isDisabled={!active}
          onPress={() => operation.send({ type: 'operation.request', request: { kind: 'restart' } })}
        />
      ) : null}
      <OperationRow
        title="Pause project"
        text="Your project will not be accessible while it is paused. All data is kept and it can be resumed from the dashboard."
        label="Pause project"
        allowed={admin}
        isDisabled={!active}
        onPress={() => operation.send({ type: 'operation.request', request: { kind: 'pause' } })}
      />
      {isEnabled(flags, 'project_settings:database_upgrades') && eligibility?.eligible && eligibility.target_upgrade_versions.length > 0 ? (
        <UpgradeSection eligibility={eligibility} allowed={admin} isDisabled={!active} operation={operation} />
      ) : null}

      <div className={css.dangerCard}>
        <h2 className={css.cardTitle}>Delete project</h2>
        <div className={css.row}>
          <p className={css.text}>Deleting this project removes its database, storage objects and backups. This cannot be undone.</p>
          <AllowedOr allowed={can(role, 'UPDATE', 'projects')} reason={PERMISSION_MESSAGES.deleteProject} testId="delete-not-allowed">
            <Button variant="danger" size="tiny" isDisabled={!can(role, 'UPDATE', 'projects')} onPress={() => setDeleting(true)}>
              Delete project
            </Button>
          </AllowedOr>
        </div>
      </div>

      <OperationConfirmDialog actor={operation} projectName={project.name} />
      <DeleteProjectModal project={project} isOpen={deleting} onOpenChange={setDeleting} />
    </section>
  );
}

function Fact({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div>
      <dt className={css.factLabel}>{label}</dt>
      <dd className={css.factValue}>
        {value} {copy ? <CopyButton text={value} aria-label={`Copy ${label}`} /> : null}
      </dd>
    </div>
  );
}

function OperationRow(props: { title: string; text: string; label: string; allowed: boolean; isDisabled: boolean; onPress: () => void }) {
  return (
    <div className={css.card}>
      <div className={css.row}>
        <div className={css.rowText}>
          <h2 className={css.cardTitle}>{props.title}</h2>
          <p className={css.text}>{props.text}</p>
        </div>
        <AllowedOr allowed={props.allowed} reason={OPERATIONS_REFUSED}>
          <Button variant="default" size="tiny" isDisabled={!props.allowed || props.isDisabled} onPress={props.onPress}>
            {props.label}
          </Button>
        </AllowedOr>
      </div>
    </div>
  );
}

function UpgradeSection({ eligibility, allowed, isDisabled, operation }: { eligibility: UpgradeEligibility; allowed: boolean; isDisabled: boolean; operation: OperationActor }) {
  const targets = eligibility.target_upgrade_versions;
  const [chosen, setChosen] = useState(0);
  const target = targets[chosen] ?? targets[0]!;
  const options = targets.map((t, index) => ({ id: index, label: `Postgres ${t.postgres_version}${t.release_channel === 'ga' ? '' : ` (${t.release_channel})`}` }));
  return (
    <div className={css.card} data-testid="upgrade-section">
      <div className={css.rowText}>
        <h2 className={css.cardTitle}>Upgrade Postgres</h2>
        <p className={css.text}>
          A newer Postgres version is available for this project
          {eligibility.duration_estimate_hours ? ` (estimated downtime: about ${eligibility.duration_estimate_hours} hour(s))` : ''}. The project is offline
          during the upgrade.
        </p>
      </div>
      <div className={css.row}>
        <Select label="Target version" options={options} selectedKey={chosen} onSelectionChange={(key) => setChosen(Number(key))} />
        <AllowedOr allowed={allowed} reason={OPERATIONS_REFUSED}>
          <Button
            variant="primary"
            size="tiny"
            isDisabled={!allowed || isDisabled}
            onPress={() =>
              operation.send({ type: 'operation.request', request: { kind: 'upgrade', targetVersion: target.postgres_version, releaseChannel: target.release_channel } })
            }
          >
            Upgrade project
          </Button>
        </AllowedOr>
      </div>
    </div>
  );
}
