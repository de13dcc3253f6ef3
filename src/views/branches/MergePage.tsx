// /project/{branch}/merge (spec A4.4 merge request; issue 20): the branch's migrations its parent lacks, with their
// SQL, and 'Merge' applying them to the parent in one transaction. Conflicts are shown, never guessed: the parent's own
// migrations since the branch was made block the merge; a migration failing on the parent is reported with
// Postgres's error and nothing is merged (server/branches/merge.ts).
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { mergePlanRead, mergeTask } from '../../actors/branches.ts';
import type { Project } from '../../api/types.ts';
import { can } from '../../domain/permissions.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { toast } from '../../ui/toast.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
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
  const [version, setVersion] = useState(0);
  const read = useTaskRead(mergePlanRead, { ref: project.ref }, `${project.ref}:${version}`);
  const merge = useTask(mergeTask, {
    onDone: (applied) => {
      toast.success(applied.length === 0 ? 'Nothing to merge' : `Merged ${applied.length} migration${applied.length === 1 ? '' : 's'} into the default branch`);
      setVersion((v) => v + 1);
    },
    onFailed: (message) => toast.error(`Failed to merge: ${message}`),
  });
  const plan = read.data;
  const conflicts = plan?.parent_only ?? [];
  const canMerge = can(role, 'UPDATE', 'preview_branches') && plan !== null && plan.migrations.length > 0 && conflicts.length === 0;
  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>Merge request</h1>
          <p className={css.subtitle}>
            Merge <strong>{project.name}</strong> into its default branch: its new migrations run on the default branch in one transaction.
          </p>
        </div>
        <Button variant="primary" size="tiny" isDisabled={!canMerge} isPending={merge.running} onPress={() => merge.run({ ref: project.ref })}>
          Merge
        </Button>
      </header>
      {merge.error ? <p className={css.notice} role="alert">{merge.error}</p> : null}
      {read.error ? (
        <ErrorAlert subject="Failed to load the merge request" error={read.error} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading || plan === null ? (
        <SkeletonLines lines={4} />
      ) : (
        <>
          {conflicts.length > 0 ? (
            <div className={css.notice} role="alert">
              <p style={{ margin: 0 }}>Conflict: the default branch changed since this branch was made. Apply these migrations to the branch first:</p>
              <ul>
                {conflicts.map((m) => (
                  <li key={m.version}>{m.name}</li>
                ))}
              </ul>
            </div>
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
