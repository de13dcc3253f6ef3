// A branch's merge request (spec A4.4 /project/{branch}/merge; issue 20): what the platform answers and the console
// shows. Shared by server/branches/merge.ts and the merge-request machine.

export interface MergeMigration {
  version: string;
  name: string;
  statements: string;
}

/** An object changed on both sides since the branch was made (a table, view, function, type, sequence …). */
export interface MergeConflict {
  /** 'table', 'view', 'function', 'type', 'sequence', 'index' … */
  kind: string;
  /** Schema-qualified name (a function with its argument types). */
  name: string;
}

export interface MergePlan {
  branch_ref: string;
  parent_ref: string;
  /** The branch's migrations its parent lacks, oldest first: what a merge applies. */
  migrations: MergeMigration[];
  /** The parent's migrations since the branch was made (shown; a conflict only through `conflicts`). */
  parent_only: MergeMigration[];
  /** Objects changed on both sides: the merge is refused while any is listed. */
  conflicts: MergeConflict[];
}

export const describeConflict = (conflict: MergeConflict): string => `${conflict.kind} ${conflict.name}`;
