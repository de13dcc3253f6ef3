// Branches (spec A4.4, B2.8, B5 "Create branch form"): the branch entity, its badge, list order and the name rule.
// Shared by the platform (server/branches/routes.ts) and the console.

/** spec A3 Branch, plus the branch project's status and whether it was made with the parent's rows. */
export interface Branch {
  id: string;
  name: string;
  project_ref: string;
  parent_project_ref: string;
  is_default: boolean;
  persistent: boolean;
  git_branch: string | null;
  review_requested_at: string | null;
  created_at: string;
  status: string;
  with_data: boolean;
  /** Why copying the parent's database failed (status INIT_FAILED); null otherwise. */
  create_error?: string | null;
}

export const BRANCH_NAME_MAX = 64;

/** spec B5: the create form's name rule, with its messages verbatim. */
export function branchNameProblem(name: string, existing: readonly string[] = []): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Branch name cannot be empty';
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return 'Branch name can only contain alphanumeric characters, hyphens, and underscores.';
  if (trimmed.length > BRANCH_NAME_MAX) return `Branch name must be at most ${BRANCH_NAME_MAX} characters`;
  if (existing.includes(trimmed)) return 'A branch with this name already exists';
  return null;
}

export type BranchBadge = 'Production' | 'Persistent' | 'Preview';

/** spec A4.4: 'Production' for the default branch (or when branching is off), 'Persistent', otherwise 'Preview'. */
export function branchBadge(branch: Pick<Branch, 'is_default' | 'persistent'> | null): BranchBadge {
  if (branch === null || branch.is_default) return 'Production';
  return branch.persistent ? 'Persistent' : 'Preview';
}

/** spec A4.4: the default branch on top, the others newest first. */
export function sortBranches<T extends Pick<Branch, 'is_default' | 'created_at'>>(branches: readonly T[]): T[] {
  return [...branches].sort((a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    return b.created_at.localeCompare(a.created_at);
  });
}

/** spec A4.4: with branching disabled a synthetic 'main' branch stands in for the project. */
export function syntheticMainBranch(projectRef: string): Branch {
  return {
    id: 'main',
    name: 'main',
    project_ref: projectRef,
    parent_project_ref: projectRef,
    is_default: true,
    persistent: true,
    git_branch: null,
    review_requested_at: null,
    created_at: '',
    status: 'ACTIVE_HEALTHY',
    with_data: false,
  };
}

/** How often the create dialog reads the new branch while its database is copied (issue 20). */
export const BRANCH_CREATE_POLL_MS = 2000;

/** The branch project's statuses the create dialog follows: copying, ready, failed (reason in create_error). */
export const BRANCH_STATUS = { creating: 'COMING_UP', ready: 'ACTIVE_HEALTHY', failed: 'INIT_FAILED' } as const;
