import { useMemo } from 'react';
import { useMatch, useParams, useRouteContext, useRouterState } from '@tanstack/react-router';
import type { Organization, Project } from '../../api/types.ts';
import { useLiveProjectStatus } from './ProjectStatusContext.tsx';

export interface ShellData {
  pathname: string;
  ref?: string;
  slug?: string;
  organizations: Organization[];
  organization?: Organization;
  project?: Project;
  isPlatform: boolean;
}

const NO_ORGANIZATIONS: Organization[] = [];

/** What the chrome reads from the router: the path, its params and the loaders' data (organizations, project). */
export function useShellData(): ShellData {
  // Each read selects exactly what the chrome shows (a string, or a loader's own object): a match that changes around
  // them (pending → success, a new params or context object with the same values) re-renders no part of the chrome
  // (issue 25: on a table's first load the whole shell rendered twice for nothing).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const ref = useParams({ strict: false, select: (p: { ref?: string }) => p.ref });
  const paramSlug = useParams({ strict: false, select: (p: { slug?: string }) => p.slug });
  const orgSlug = useParams({ strict: false, select: (p: { orgSlug?: string }) => p.orgSlug });
  const mode = useRouteContext({ strict: false, select: (c: { config?: { mode: string } }) => c.config?.mode });
  const appOrganizations = useMatch({ from: '/_app', shouldThrow: false, select: (m) => m.loaderData?.organizations });
  const loadedProject = useMatch({ from: '/_app/project/$ref', shouldThrow: false, select: (m) => m.loaderData?.project });
  const loadedOrganization = useMatch({ from: '/_app/org/$slug', shouldThrow: false, select: (m) => m.loaderData?.organization });
  const organizations = appOrganizations ?? NO_ORGANIZATIONS;
  // spec A2.8: the chrome follows the project-status actor's live status (polled or assumed), not only the loader's.
  // Only a status that differs from the loaded one is read: the route's actor arriving with the same status changes
  // nothing here (issue 25).
  const liveStatus = useLiveProjectStatus(loadedProject?.ref, loadedProject?.status);
  const project = useMemo(() => (loadedProject && liveStatus ? { ...loadedProject, status: liveStatus as Project['status'] } : loadedProject), [loadedProject, liveStatus]);
  const organization =
    loadedOrganization ??
    (project ? organizations.find((o) => String(o.id) === String(project.organization_id) || o.slug === project.organization_slug) : undefined) ??
    // /new/{orgSlug}: the organization the new project goes into.
    (orgSlug ? organizations.find((o) => o.slug === orgSlug) : undefined);
  const slug = paramSlug ?? organization?.slug;
  const isPlatform = mode !== 'self-hosted';
  // The same object while nothing in it changed: the chrome's parts (memo) skip a render of the frame around them.
  return useMemo(
    () => ({ pathname, ref, slug, organizations, organization, project, isPlatform }),
    [pathname, ref, slug, organizations, organization, project, isPlatform],
  );
}
