import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { fetchAddons } from '../../../../../api/branches.ts';
import { ADDONS_STALE_MS } from '../../../../../domain/cache.ts';
import { isAddonPanel } from '../../../../../domain/addons.ts';
import { compact, str } from '../../../../../search-params.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { AddonsPage } from '../../../../../views/addons/AddonsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/addons?panel={addon}&source={source} (spec A2.5): selected_addons cached 1 h (spec B7, C9);
// the open panel lives in the address (an unknown panel opens none).
export const Route = createFileRoute('/_app/project/$ref/settings/addons')({
  staticData: { title: 'Add-ons' },
  validateSearch: (raw: Record<string, unknown>) => compact({ panel: str(raw, 'panel'), source: str(raw, 'source') }),
  loader: async ({ params }) => (await fetchAddons(params.ref)).selected_addons,
  staleTime: ADDONS_STALE_MS,
  component: AddonsRoute,
  errorComponent: RouteError,
});

function AddonsRoute() {
  const { project } = projectRoute.useLoaderData();
  const addons = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AddonsPage
      key={project.ref}
      project={project}
      addons={addons}
      panel={isAddonPanel(search.panel) ? search.panel : undefined}
      onPanelChange={(panel) => void navigate({ search: compact({ panel, source: search.source }), replace: true })}
    />
  );
}
