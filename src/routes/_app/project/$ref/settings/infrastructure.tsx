import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { fetchInfrastructure } from '../../../../../api/infrastructure.ts';
import { errorMessage } from '../../../../../domain/errors.ts';
import type { InfrastructureFigures } from '../../../../../domain/infrastructure.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { InfrastructurePage } from '../../../../../views/infrastructure/InfrastructurePage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/infrastructure#{metric} (spec A2.5, A2.12): the figures are measured when the page opens
// (and on Refresh), never cached: they are a reading of now. A failed reading shows why, with a retry.
export const Route = createFileRoute('/_app/project/$ref/settings/infrastructure')({
  staticData: { title: 'Infrastructure' },
  loader: async ({ params }): Promise<{ figures: InfrastructureFigures | null; error: string | null }> => {
    try {
      return { figures: await fetchInfrastructure(params.ref), error: null };
    } catch (error) {
      return { figures: null, error: errorMessage(error) };
    }
  },
  component: InfrastructureRoute,
  errorComponent: RouteError,
});

function InfrastructureRoute() {
  const { project } = projectRoute.useLoaderData();
  const { figures, error } = Route.useLoaderData();
  const router = useRouter();
  return <InfrastructurePage key={project.ref} project={project} figures={figures} error={error} onRefresh={() => void router.invalidate()} />;
}
