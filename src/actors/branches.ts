// Effects of branching (issue 20, spec A4.4, B2.8): the branch list, the create dialog's reads (add-ons, disk,
// database size for the B9 estimate), and the writes — each a task (machines/task.machine.ts).
import { fromPromise } from 'xstate';
import { branchCreateMachine } from '../../machines/branch-create.machine.ts';
import { mergeRequestMachine } from '../../machines/merge-request.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { deleteBranch, fetchAddons, fetchBranches, fetchDatabaseSize, fetchDisk, fetchMergePlan, patchBranch, postBranch, postMerge } from '../api/branches.ts';
import type { Branch } from '../domain/branches/branches.ts';

export const branchesRead = taskWith(({ ref }: { ref: string }) => fetchBranches(ref));

/** The create dialog (machines/branch-create.machine.ts) with the platform's calls. The add-ons must load (spec B5:
 * submit waits for them); the disk and the size may fail without blocking (the estimate's notice). */
export const liveBranchCreateMachine = branchCreateMachine.provide({
  actors: {
    fetchAddons: fromPromise(async ({ input }) => ({ pitr: (await fetchAddons(input.ref)).selected_addons.some((addon) => addon.type === 'pitr') })),
    fetchEstimate: fromPromise(async ({ input }) => {
      const [disk, size] = await Promise.all([
        fetchDisk(input.ref).then((d) => d.attributes).catch(() => null),
        fetchDatabaseSize(input.ref).then((s) => s.bytes).catch(() => null),
      ]);
      return { disk, databaseBytes: size };
    }),
    // The platform answers at once with the branch COMING_UP; its database is copied in the background.
    createBranch: fromPromise(({ input }) => postBranch(input.ref, { branch_name: input.name, with_data: input.withData })),
    fetchBranch: fromPromise(async ({ input }) => (await fetchBranches(input.ref)).find((branch) => branch.id === input.id) ?? null),
  },
});

export const enableBranchingTask = taskWith(({ ref }: { ref: string }) => postBranch(ref, { branch_name: 'main', is_default: true }));

export const deleteBranchTask = taskWith(async ({ branch }: { branch: Branch }) => {
  await deleteBranch(branch.id);
  return branch;
});

/** The merge request of a branch (machines/merge-request.machine.ts, spec A4.4) with the platform's calls. */
export const liveMergeRequestMachine = mergeRequestMachine.provide({
  actors: {
    fetchMergePlan: fromPromise(({ input }) => fetchMergePlan(input.ref)),
    merge: fromPromise(({ input }) => postMerge(input.ref)),
    closeRequest: fromPromise(({ input }) => patchBranch(input.ref, { request_review: false })),
    deleteBranch: fromPromise(({ input }) => deleteBranch(input.ref)),
  },
});

/** spec A4.4 'Open merge request': requests a review of the branch (then the view navigates to its merge page). */
export const openMergeRequestTask = taskWith(({ ref }: { ref: string }) => patchBranch(ref, { request_review: true }));
