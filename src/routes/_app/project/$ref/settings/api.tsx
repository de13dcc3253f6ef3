import { createFileRoute } from '@tanstack/react-router';
import { loadDataApiSettings } from '../../../../../actors/api-docs.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { DataApiSettings } from '../../../../../views/api-docs/DataApiSettings.tsx';

// /project/{ref}/settings/api (spec A2.2 'Data API'; issue 17): URL, keys and the exposed schemas, read by the loader.
export const Route = createFileRoute('/_app/project/$ref/settings/api')({
  staticData: { title: 'Data API' },
  loader: ({ params }) => loadDataApiSettings(params.ref),
  component: DataApiRoute,
  errorComponent: RouteError,
});

function DataApiRoute() {
  const { ref } = Route.useParams();
  const data = Route.useLoaderData();
  return <DataApiSettings key={`${ref}:${data.config.db_schema}`} projectRef={ref} {...data} />;
}
