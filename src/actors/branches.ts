// Effects of branching (issue 20, spec A4.4, B2.8): the branch list, the create dialog's reads (add-ons, disk,
// database size for the B9 estimate), and the writes — each a task (machines/task.machine.ts).
import { taskWith } from '../../machines/task.machine.ts';
import { deleteBranch, fetchAddons, fetchBranches, fetchDatabaseSize, fetchDisk, fetchMergePlan, patchBranch, postBranch, postMerge } from '../api/branches.ts';
import type { Branch } from '../domain/branches/branches.ts';
import type { DiskAttributes } from '../domain/disk.ts';

export const branchesRead = taskWith(({ ref }: { ref: string }) => fetchBranches(ref));

export interface CreateBranchContext {
  /** The PITR add-on is enabled (spec B2.8: 'with data' is usable only then). */
  pitr: boolean;
  /** null when the disk configuration could not be read (spec B2.8: no cost estimate is possible). */
  disk: DiskAttributes | null;
  databaseBytes: number | null;
}

/** The add-ons must load (spec B5: submit waits for them); the disk and the size may fail without blocking. */
export const createBranchContextRead = taskWith(async ({ ref }: { ref: string }): Promise<CreateBranchContext> => {
  const [addons, disk, size] = await Promise.all([
    fetchAddons(ref),
    fetchDisk(ref).then((d) => d.attributes).catch(() => null),
    fetchDatabaseSize(ref).then((s) => s.bytes).catch(() => null),
  ]);
  return { pitr: addons.selected_addons.some((addon) => addon.type === 'pitr'), disk, databaseBytes: size };
});

export const enableBranchingTask = taskWith(({ ref }: { ref: string }) => postBranch(ref, { branch_name: 'main', is_default: true }));

/** spec B8: 'Failed to create branch: {msg}' is the view's toast; done with the new branch. */
export const createBranchTask = taskWith(
  ({ ref, name, withData }: { ref: string; name: string; withData: boolean }): Promise<Branch> => postBranch(ref, { branch_name: name.trim(), with_data: withData }),
);

export const deleteBranchTask = taskWith(async ({ branch }: { branch: Branch }) => {
  await deleteBranch(branch.id);
  return branch;
});

/** The merge request of a branch (spec A4.4): its new migrations and the parent's changes since it was made. */
export const mergePlanRead = taskWith(({ ref }: { ref: string }) => fetchMergePlan(ref));

/** Applies the branch's new migrations to the parent in one transaction; done with their names. */
export const mergeTask = taskWith(async ({ ref }: { ref: string }) => (await postMerge(ref)).applied);

/** spec A4.4 'Open merge request': requests a review of the branch (then the view navigates to its merge page). */
export const openMergeRequestTask = taskWith(({ ref }: { ref: string }) => patchBranch(ref, { request_review: true }));
