// The member role in a project's organization (spec A6), from GET /api/platform/profile/permissions. The project
// layout's loader reads the memberships beside the project (src/routes/_app/project/$ref/route.tsx), so they are
// route data: every view below the layout (settings, storage, the editors, the paused card, the failure screens'
// delete modal) reads the same answer, a sign-in as another user re-reads it (router.invalidate in main.tsx), and
// nothing is kept in a module-level cache that two consoles or two users could share (issue 15: no global stores).
import { useMatch } from '@tanstack/react-router';
import type { OrganizationPermission } from '../../api/project-lifecycle.ts';
import type { MemberRole } from '../../api/schemas/platformFields.ts';
import type { Project } from '../../api/types.ts';

/** The role in the organization of `project`; undefined while unknown (treated as no permission). */
export function roleIn(permissions: readonly OrganizationPermission[] | undefined, project: Pick<Project, 'organization_id' | 'organization_slug'>): MemberRole | undefined {
  return permissions?.find(
    (p) => (project.organization_slug && p.organization_slug === project.organization_slug) || String(p.organization_id) === String(project.organization_id),
  )?.role;
}

/** The role in `project`'s organization from the project layout's memberships; undefined outside a project route or when the read failed. */
export function useProjectRole(project: Pick<Project, 'organization_id' | 'organization_slug'>): MemberRole | undefined {
  const layout = useMatch({ from: '/_app/project/$ref', shouldThrow: false });
  return roleIn(layout?.loaderData?.permissions, project);
}
