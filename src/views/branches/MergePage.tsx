// /project/{branch}/merge (spec A4.4 merge request; issue 20): the branch's migrations its parent lacks, with their
// SQL, and 'Merge' applying them to the parent in one transaction (machines/merge-request.machine.ts). Conflicts are
// shown, never guessed: an object changed on both sides since the branch was made blocks the merge; a migration
// failing on the parent is reported with Postgres's error and nothing is merged (server/branches/merge.ts). The
// request can be closed, or the branch deleted.
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import {
  selectBusy,
  selectCanMerge,
  selectClosing,
  selectConflicts,
  selectDeleting,
  selectError,
  selectLoadError,
  selectMerged,
  selectMerging,
  selectPlan,
} from '../../../machines/merge-request.selectors.ts';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { liveMergeRequestMachine } from '../../actors/branches.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import { describeConflict } from '../../domain/branches/merge.ts';
import type { Project } from '../../api/types.ts';
import { can } from '../../domain/permissions.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { toast } from '../../ui/toast.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import * as css from './Branches.css.ts';

export function MergePage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  if (!project.parent_project_ref) {
    return (
      <div className={css.page}>
        <h1 className={css.title}>Merge request</h1>
        <EmptyState
          title="This project is not a branch"
          description="Merge requests merge a preview branch into its default branch. Open one from a branch."
          action={<Link to="/project/$ref/branches" params={{ ref: project.ref }}>Manage branches</Link>}
          level={2}
        />
      </div>
    );
  }
  return <Merge project={project} />;
}

function Merge({ project }: { project: Project }) {
  const role = useProjectRole(project);
  const navigate = useNavigate();
  const actor = useActorRef(liveMergeRequestMachine, { input: { ref: project.ref }, inspect: devInspect });
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });
  useEffect(() => {
    const subscription = actor.on('*', (notice) => {
      if (notice.type === 'mergeRequest.toast') (notice.kind === 'success' ? toast.success : toast.error)(notice.message);
      else if (notice.to === 'branches') void latestNavigate.current({ to: '/project/$ref/branches', params: { ref: notice.ref } });
      else void latestNavigate.current({ to: '/project/$ref', params: { ref: notice.ref } });
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const plan = useSelector(actor, selectPlan);
  const loadError = useSelector(actor, selectLoadError);
  const conflicts = useSelector(actor, selectConflicts);
  const mergeable = useSelector(actor, selectCanMerge);
  const merging = useSelector(actor, selectMerging);
  const merged = useSelector(actor, selectMerged);
  const closing = useSelector(actor, selectClosing);
  const deleting = useSelector(actor, selectDeleting);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const canWrite = can(role, 'UPDATE', 'preview_branches');
  // The platform lets developers delete branches (server/branches/routes.ts), as it lets them update them.
  const canDelete = can(role, 'UPDATE', 'preview_branches');
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>Merge request</h1>
          <p className={css.subtitle}>
            Merge <strong>{project.name}</strong> into its default branch: its new migrations run on the default branch in one transaction.
          </p>
        </div>
        <div className={css.actions}>
          <Button variant="default" size="tiny" isDisabled={!canWrite || busy || plan === null} isPending={closing} onPress={() => actor.send({ type: 'request.close' })}>
            Close merge request
          </Button>
          <Button variant="danger" size="tiny" isDisabled={!canDelete || busy || plan === null} isPending={deleting} onPress={() => setConfirmDelete(true)}>
            Delete branch
          </Button>
          <Button variant="primary" size="tiny" isDisabled={!canWrite || !mergeable} isPending={merging} onPress={() => actor.send({ type: 'merge' })}>
            Merge
          </Button>
        </div>
      </header>
      {confirmDelete ? (
        <Modal isOpen isDismissable={!deleting} onOpenChange={(open) => !open && !deleting && setConfirmDelete(false)}>
          <Dialog
            role="alertdialog"
            title={`Delete branch "${project.name}"`}
            description="Its database, roles and keys are removed for good. The default branch is not changed."
            hideCloseButton={deleting}
            footer={
              <>
                <Button variant="default" size="tiny" isDisabled={deleting} onPress={() => setConfirmDelete(false)}>Cancel</Button>
                <Button variant="danger" size="tiny" isPending={deleting} onPress={() => actor.send({ type: 'branch.delete' })}>
                  Delete branch
                </Button>
              </>
            }
          />
        </Modal>
      ) : null}
      {error ? <p className={css.notice} role="alert">{error}</p> : null}
      {merged ? (
        <p className={css.hint} role="status">
          Merged {merged.length === 0 ? 'nothing' : merged.join(', ')} into the default branch.{' '}
          <Button variant="default" size="tiny" onPress={() => actor.send({ type: 'retry' })}>Refresh</Button>
        </p>
      ) : null}
      {loadError ? (
        <ErrorAlert subject="Failed to load the merge request" error={loadError} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={() => actor.send({ type: 'retry' })}>Retry</Button>
        </ErrorAlert>
      ) : plan === null ? (
        <SkeletonLines lines={4} />
      ) : (
        <>
          {conflicts.length > 0 ? (
            <div className={css.notice} role="alert">
              <p style={{ margin: 0 }}>Conflict: these objects changed on both the branch and the default branch since this branch was made. Apply the default branch&apos;s changes to the branch first:</p>
              <ul>
                {conflicts.map((c) => (
                  <li key={describeConflict(c)}>{describeConflict(c)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {plan.parent_only.length > 0 ? (
            <p className={css.hint}>
              The default branch has {plan.parent_only.length} migration{plan.parent_only.length === 1 ? '' : 's'} since this branch was made (
              {plan.parent_only.map((m) => m.name).join(', ')}){conflicts.length === 0 ? '; none touches what this branch changed.' : '.'}
            </p>
          ) : null}
          <h2 className={css.sectionTitle}>New migrations ({plan.migrations.length})</h2>
          {plan.migrations.length === 0 ? (
            <EmptyState title="No changes to merge" description="This branch has no migrations its default branch lacks." level={3} />
          ) : (
            plan.migrations.map((m) => (
              <section key={m.version} className={css.migration} aria-label={`Migration ${m.name}`}>
                <h3 className={css.migrationTitle}>
                  {m.name} <span className={css.muted}>{m.version}</span>
                </h3>
                <pre className={css.sql}>{m.statements}</pre>
              </section>
            ))
          )}
        </>
      )}
    </div>
  );
}
