import { createFileRoute } from '@tanstack/react-router';
import { fetchOrganizationProjects } from '../../../../api/platform.ts';
import { fetchOrganizationUsage } from '../../../../api/team.ts';
import { USAGE_STALE_MS } from '../../../../domain/cache.ts';
import { compact, str } from '../../../../search-params.ts';
import { RouteError } from '../../../../views/errors/RouteError.tsx';
import { UsagePage } from '../../../../views/usage/UsagePage.tsx';

// /org/{slug}/usage?projectRef= (spec A2.2): usage cached 1 h (spec C9); the project filter lives in the address.
export const Route = createFileRoute('/_app/org/$slug/usage')({
  staticData: { title: 'Usage' },
  validateSearch: (raw: Record<string, unknown>) => compact({ projectRef: str(raw, 'projectRef') }),
  loaderDeps: ({ search }) => ({ projectRef: search.projectRef }),
  loader: async ({ params, deps }) => {
    const { projects } = await fetchOrganizationProjects(params.slug, { limit: 1000, offset: 0 });
    // An address naming a project outside the organization shows everything, and says so.
    const known = deps.projectRef !== undefined && projects.some((p) => p.ref === deps.projectRef);
    const { usages } = await fetchOrganizationUsage(params.slug, known ? deps.projectRef : undefined);
    return {
      usages,
      projects: projects.map((p) => ({ ref: p.ref, name: p.name })),
      projectRef: known ? deps.projectRef : undefined,
      unknownProjectRef: deps.projectRef !== undefined && !known ? deps.projectRef : undefined,
    };
  },
  staleTime: USAGE_STALE_MS,
  component: UsageRoute,
  errorComponent: RouteError,
});

function UsageRoute() {
  const data = Route.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <UsagePage
      {...data}
      // Shallow: the filter rewrites the address without a history entry (spec A2.1).
      onProjectRefChange={(projectRef) => void navigate({ search: compact({ projectRef }), replace: true })}
    />
  );
}
