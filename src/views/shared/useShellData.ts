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

/** What the chrome reads from the router: the path, its params and the loaders' data (organizations, project). */
export function useShellData(): ShellData {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as { ref?: string; slug?: string; orgSlug?: string };
  const context = useRouteContext({ strict: false }) as { config?: { mode: string } };
  const app = useMatch({ from: '/_app', shouldThrow: false });
  const projectMatch = useMatch({ from: '/_app/project/$ref', shouldThrow: false });
  const orgMatch = useMatch({ from: '/_app/org/$slug', shouldThrow: false });
  const organizations = app?.loaderData?.organizations ?? [];
  const loadedProject = projectMatch?.loaderData?.project;
  // spec A2.8: the chrome follows the project-status actor's live status (polled or assumed), not only the loader's.
  const liveStatus = useLiveProjectStatus(loadedProject?.ref);
  const project =
    loadedProject && liveStatus && liveStatus !== loadedProject.status ? { ...loadedProject, status: liveStatus as Project['status'] } : loadedProject;
  const organization =
    orgMatch?.loaderData?.organization ??
    (project ? organizations.find((o) => String(o.id) === String(project.organization_id) || o.slug === project.organization_slug) : undefined) ??
    // /new/{orgSlug}: the organization the new project goes into.
    (params.orgSlug ? organizations.find((o) => o.slug === params.orgSlug) : undefined);
  return {
    pathname,
    ref: params.ref,
    slug: params.slug ?? organization?.slug,
    organizations,
    organization,
    project,
    isPlatform: context.config?.mode !== 'self-hosted',
  };
}
