// The read replicas of a project (issue 20, spec A4.5): 'Create a new read replica', the list with each replica's
// status, setup step label (or A4.5 failure), replication lag and delete. Rendered by the Replication page (Database
// menu) and the Infrastructure settings. The replica-setup machine reads, polls and writes; this view only shows it.
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  selectCreating,
  selectDeleting,
  selectLoadError,
  selectReplicaError,
  selectReplicas,
  selectReplicasLoaded,
} from '../../../machines/replica-setup.selectors.ts';
import { liveReplicaSetupMachine } from '../../actors/replicas.ts';
import type { Project } from '../../api/types.ts';
import { idSuffix } from '../../domain/database-picker.ts';
import { can } from '../../domain/permissions.ts';
import {
  formatLag,
  isReplicaSetupStep,
  REPLICA_DDL_NOTE,
  REPLICA_SETUP_STEPS,
  REPLICA_STATUS,
  replicaProgressLabel,
  replicaSetChanged,
  replicaStepNumber,
  type ReadReplica,
} from '../../domain/replicas.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import * as css from './Replicas.css.ts';

export const CREATE_READ_REPLICA = 'Create a new read replica';

const statusVariant = (status: string) =>
  status === REPLICA_STATUS.healthy ? 'brand' : status === REPLICA_STATUS.init ? 'default' : 'warning';

function progress(replica: ReadReplica): string {
  const label = replicaProgressLabel(replica) ?? '—';
  if (replica.status !== REPLICA_STATUS.init || !isReplicaSetupStep(replica.setup_step)) return label;
  return `${label} (step ${replicaStepNumber(replica.setup_step)} of ${REPLICA_SETUP_STEPS.length})`;
}

export function ReplicasPanel({ project }: { project: Project }) {
  const role = useProjectRole(project);
  const canManage = can(role, 'INFRA_EXECUTE', 'projects');
  const actor = useActorRef(liveReplicaSetupMachine, { input: { ref: project.ref } });
  const replicas = useSelector(actor, selectReplicas);
  const loaded = useSelector(actor, selectReplicasLoaded);
  const loadError = useSelector(actor, selectLoadError);
  const error = useSelector(actor, selectReplicaError);
  const creating = useSelector(actor, selectCreating);
  const deleting = useSelector(actor, selectDeleting);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<ReadReplica | null>(null);

  // The pickers (SQL / table editor, Connect) read the project's databases: read the project again when the list
  // names other replicas than it, and when a setup ends or a replica is deleted (issue 20).
  const router = useRouter();
  const databases = project.databases;
  useEffect(() => {
    if (loaded && replicaSetChanged(project.ref, databases, replicas)) void router.invalidate();
  }, [loaded, replicas, databases, project.ref, router]);

  // The machine's notices become toasts (DESIGN §3: views listen with actor.on).
  useEffect(() => {
    const subscription = actor.on('*', (notice) => {
      if (notice.type !== 'replica.error') void router.invalidate();
      if (notice.type === 'replica.ready') toast.success(`Read replica ${idSuffix(notice.identifier)} is ready`);
      else if (notice.type === 'replica.failed') toast.error(notice.message);
      else if (notice.type === 'replica.error') toast.error(notice.message);
      else {
        toast.success(`Read replica ${idSuffix(notice.identifier)} deleted`);
        setConfirming(null);
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, router]);

  const term = search.trim().toLowerCase();
  const rows = term === '' ? replicas : replicas.filter((r) => `${r.identifier} ${r.region} ${r.status}`.toLowerCase().includes(term));

  return (
    <section className={css.panel} aria-labelledby="read-replicas-title">
      <header className={css.header}>
        <div>
          <h2 id="read-replicas-title" className={css.title}>Read replicas</h2>
          <p className={css.subtitle}>
            A read replica is a read-only copy of this project&apos;s database, kept in sync with it. Pick it in the SQL editor or the table
            editor to send reads to it.
          </p>
        </div>
        <Button variant="primary" size="tiny" isDisabled={!canManage || !loaded} isPending={creating} onPress={() => actor.send({ type: 'replica.create' })}>
          {CREATE_READ_REPLICA}
        </Button>
      </header>
      <p className={css.note} role="note">{REPLICA_DDL_NOTE}</p>
      {!canManage ? <p className={css.muted}>You need additional permissions to manage read replicas of this project</p> : null}
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
      <TextField className={css.search} label="Search read replicas" type="search" value={search} onChange={setSearch} />
      {loadError ? (
        <ErrorAlert subject="Failed to load read replicas" error={loadError} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={() => actor.send({ type: 'replica.refresh' })}>Retry</Button>
        </ErrorAlert>
      ) : !loaded ? (
        <SkeletonLines lines={2} />
      ) : replicas.length === 0 ? (
        <EmptyState title="No read replicas yet" description={`'${CREATE_READ_REPLICA}' sets up a read-only copy of this database.`} level={3} />
      ) : rows.length === 0 ? (
        <EmptyState title="No read replicas found" description={`No read replica matches "${search.trim()}".`} level={3} />
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table} aria-label="Read replicas">
            <thead>
              <tr>
                <th className={css.th} scope="col">Replica</th>
                <th className={css.th} scope="col">Status</th>
                <th className={css.th} scope="col">Setup</th>
                <th className={css.th} scope="col">Lag</th>
                <th className={css.th} scope="col">Created</th>
                <th className={css.th} scope="col"><span className={visuallyHidden}>Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((replica) => (
                <tr key={replica.identifier} data-testid={`replica-row-${replica.identifier}`}>
                  <td className={css.td}>
                    <span className={css.name}>{`Read replica (${replica.region} - ${idSuffix(replica.identifier)})`}</span>
                    <span className={css.muted}>{replica.identifier}</span>
                  </td>
                  <td className={css.td}>
                    <Badge variant={statusVariant(replica.status)}>{replica.status}</Badge>
                  </td>
                  <td className={css.td}>
                    <span aria-live="polite">{progress(replica)}</span>
                    {replica.setup_error ? <span className={css.muted}>{replica.setup_error}</span> : null}
                  </td>
                  <td className={css.td}>
                    <span className={css.muted}>{formatLag(replica)}</span>
                  </td>
                  <td className={css.td}>
                    <span className={css.muted}>{new Date(replica.inserted_at).toLocaleString()}</span>
                  </td>
                  <td className={css.td}>
                    {canManage ? (
                      <Button variant="danger" size="tiny" aria-label={`Delete read replica ${replica.identifier}`} onPress={() => setConfirming(replica)}>
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <Modal isOpen isDismissable={!deleting} onOpenChange={(open) => !open && !deleting && setConfirming(null)}>
          <Dialog
            role="alertdialog"
            title={`Delete read replica ${idSuffix(confirming.identifier)}`}
            description="Its database and its replication from the primary are removed. The primary is not changed."
            hideCloseButton={deleting}
            footer={
              <>
                <Button variant="default" size="tiny" isDisabled={deleting} onPress={() => setConfirming(null)}>Cancel</Button>
                <Button
                  variant="danger"
                  size="tiny"
                  isPending={deleting}
                  onPress={() => actor.send({ type: 'replica.delete', identifier: confirming.identifier })}
                >
                  Delete read replica
                </Button>
              </>
            }
          />
        </Modal>
      ) : null}
    </section>
  );
}
