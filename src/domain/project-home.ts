// The facts of the project home (spec A2.2): the status and compute size by their labels (A3 statuses as the
// project list names them; B9 compute size labels such as 'Micro', 'Small'), never the raw API values.
import { computeSizeById } from './compute-sizes.ts';
import { statusBadgeVariant, statusLabel } from './navigation/project-status.ts';
import { displayPostgresVersion, projectComputeSize } from './projects.ts';

export interface ProjectHomeFacts {
  status: { label: string; variant: ReturnType<typeof statusBadgeVariant> };
  /** The compute size's label; its id when the console does not know it; undefined when there is none. */
  compute: string | undefined;
  version: string | undefined;
}

export function projectHomeFacts(
  project: { ref: string; dbVersion?: string; databases?: { identifier: string; infra_compute_size?: string }[] },
  status: string,
): ProjectHomeFacts {
  const computeId = projectComputeSize(project);
  return {
    status: { label: statusLabel(status), variant: statusBadgeVariant(status) },
    compute: computeId === undefined ? undefined : (computeSizeById(computeId)?.label ?? computeId),
    version: displayPostgresVersion(project.dbVersion) ?? undefined,
  };
}
