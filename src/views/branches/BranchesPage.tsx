// /project/{ref}/branches (spec A4.4, B2.8; issue 20): the default branch on top, the others newest first, each with
// its badge ('Production', 'Persistent', 'Preview'); enabling branching makes this project the default branch;
// 'Create preview branch' opens the dialog; a branch can be opened or deleted (with confirmation, which drops its
// database). Opened on a branch, the page lists the same family (the platform answers the parent's branches).
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { branchesRead, deleteBranchTask, enableBranchingTask } from '../../actors/branches.ts';
import type { Project } from '../../api/types.ts';
import { branchBadge, sortBranches, syntheticMainBranch, type Branch } from '../../domain/branches/branches.ts';
import { can } from '../../domain/permissions.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useShellData } from '../shared/useShellData.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import { CreateBranchDialog } from './CreateBranchDialog.tsx';
import * as css from './Branches.css.ts';

export function BranchesPage({ project }: { project: Project }) {
  const status = useSelector(useProjectStatusActor(), selectStatus) ?? project.status;
  if (status === 'INACTIVE') return <ProjectPausedCard project={project} />;
  return <Branches project={project} />;
}

const badgeVariant = { Production: 'brand', Persistent: 'default', Preview: 'warning' } as const;

export function BranchBadge({ branch }: { branch: Branch | null }) {
  const badge = branchBadge(branch);
  return <Badge variant={badgeVariant[badge]}>{badge}</Badge>;
}

function Branches({ project }: { project: Project }) {
  const navigate = useNavigate();
  const shell = useShellData();
  const role = useProjectRole(project);
  const [version, setVersion] = useState(0);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const read = useTaskRead(branchesRead, { ref: project.ref }, `${project.ref}:${version}`);
  const refresh = () => setVersion((v) => v + 1);
  const canCreate = can(role, 'CREATE', 'preview_branches');
  const enabled = (read.data?.length ?? 0) > 0;
  const rootRef = project.parent_project_ref ?? project.ref;
  const branches = enabled ? sortBranches(read.data ?? []) : [syntheticMainBranch(project.ref)];
  const term = search.trim().toLowerCase();
  const rows = term === '' ? branches : branches.filter((b) => b.name.toLowerCase().includes(term));
  const freePlan = shell.organization?.plan.id === 'free' && shell.isPlatform;
  const blockedReason = !canCreate
    ? 'You need additional permissions to create branches'
    : freePlan
      ? 'Preview branches are available on paid plans: upgrade the organization first'
      : null;

  const enable = useTask(enableBranchingTask, {
    onDone: () => {
      toast.success('Branching enabled: this project is now the default branch');
      refresh();
    },
    onFailed: (message) => toast.error(`Failed to enable branching: ${message}`),
  });
  const remove = useTask(deleteBranchTask, {
    onDone: (branch) => {
      toast.success(`Successfully deleted branch "${branch.name}"`);
      setDeleting(null);
      if (branch.project_ref === project.ref) void navigate({ to: '/project/$ref/branches', params: { ref: rootRef } });
      else refresh();
    },
    onFailed: (message) => toast.error(`Failed to delete branch: ${message}`),
  });

  return (
    <div className={css.page}>
      <header className={css.header}>
        <div>
          <h1 className={css.title}>Branches</h1>
          <p className={css.subtitle}>
            Each branch is a project of its own with its own database, keys and API URL, started from the default branch&apos;s schema.
          </p>
        </div>
        {read.data === null ? null : enabled ? (
          <Button variant="primary" size="tiny" isDisabled={!canCreate} onPress={() => setCreating(true)}>
            Create preview branch
          </Button>
        ) : project.parent_project_ref === null || project.parent_project_ref === undefined ? (
          <Button variant="primary" size="tiny" isDisabled={!canCreate} isPending={enable.running} onPress={() => enable.run({ ref: project.ref })}>
            Enable branching
          </Button>
        ) : null}
      </header>
      <TextField className={css.search} label="Search branches" type="search" value={search} onChange={setSearch} />
      {read.error ? (
        <ErrorAlert subject="Failed to load branches" error={read.error} projectRef={project.ref}>
          <Button variant="default" size="tiny" onPress={read.retry}>Retry</Button>
        </ErrorAlert>
      ) : read.loading ? (
        <SkeletonLines lines={3} />
      ) : rows.length === 0 ? (
        <EmptyState title="No branches found" description={`No branch matches "${search.trim()}".`} level={2} />
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table} aria-label="Branches">
            <thead>
              <tr>
                <th className={css.th} scope="col">Name</th>
                <th className={css.th} scope="col">Kind</th>
                <th className={css.th} scope="col">Status</th>
                <th className={css.th} scope="col">Created</th>
                <th className={css.th} scope="col"><span className={visuallyHidden}>Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((branch) => (
                <tr key={branch.id} data-testid={`branch-row-${branch.name}`}>
                  <td className={css.td}>
                    <span className={css.name}>
                      {branch.name}
                      {branch.project_ref === project.ref ? <span className={css.muted}>(current)</span> : null}
                    </span>
                  </td>
                  <td className={css.td}><BranchBadge branch={enabled ? branch : null} /></td>
                  <td className={css.td}><span className={css.muted}>{branch.status}{branch.create_error ? ` (${branch.create_error})` : ''}</span></td>
                  <td className={css.td}><span className={css.muted}>{branch.created_at ? new Date(branch.created_at).toLocaleString() : '—'}</span></td>
                  <td className={css.td}>
                    <div className={css.actions}>
                      {branch.project_ref !== project.ref ? (
                        <Button variant="default" size="tiny" onPress={() => void navigate({ to: '/project/$ref', params: { ref: branch.project_ref } })}>
                          Open
                        </Button>
                      ) : null}
                      {enabled && !branch.is_default ? (
                        <Button variant="default" size="tiny" aria-label={`Merge request of ${branch.name}`} onPress={() => void navigate({ to: '/project/$ref/merge', params: { ref: branch.project_ref } })}>
                          Merge request
                        </Button>
                      ) : null}
                      {enabled && !branch.is_default && canCreate ? (
                        <Button variant="danger" size="tiny" aria-label={`Delete branch ${branch.name}`} onPress={() => setDeleting(branch)}>
                          Delete
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating ? (
        <CreateBranchDialog
          projectRef={rootRef}
          existingNames={(read.data ?? []).map((b) => b.name)}
          blockedReason={blockedReason}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {deleting ? (
        <Modal isOpen isDismissable={!remove.running} onOpenChange={(open) => !open && !remove.running && setDeleting(null)}>
          <Dialog
            role="alertdialog"
            title={`Delete branch "${deleting.name}"`}
            description="Its database, roles and keys are removed for good. The default branch is not changed."
            hideCloseButton={remove.running}
            footer={
              <>
                <Button variant="default" size="tiny" isDisabled={remove.running} onPress={() => setDeleting(null)}>Cancel</Button>
                <Button variant="danger" size="tiny" isPending={remove.running} onPress={() => remove.run({ branch: deleting })}>
                  Delete branch
                </Button>
              </>
            }
          />
        </Modal>
      ) : null}
    </div>
  );
}
