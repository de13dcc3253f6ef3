import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { fetchUpgradeEligibility } from '../../../../../api/project-lifecycle.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../domain/cache.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { ProjectGeneralSettings } from '../../../../../views/project-lifecycle/ProjectGeneralSettings.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/general (spec A2.5): plain reads — the upgrade eligibility (the section shows only when
// eligible; a failed read leaves it out). The memberships for the permission checks (A6) come with the project layout.
export const Route = createFileRoute('/_app/project/$ref/settings/general')({
  staticData: { title: 'General Settings' },
  loader: async ({ params }) => {
    const eligibility = await fetchUpgradeEligibility(params.ref).catch(() => null);
    return { eligibility };
  },
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: GeneralRoute,
  errorComponent: RouteError,
});

function GeneralRoute() {
  const { project } = projectRoute.useLoaderData();
  const { eligibility } = Route.useLoaderData();
  return <ProjectGeneralSettings key={project.ref} project={project} eligibility={eligibility} />;
}
