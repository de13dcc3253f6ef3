import { createFileRoute } from '@tanstack/react-router';
import { loadDataApiSettings } from '../../../../../actors/api-docs.ts';
import { loadApiSettings } from '../../../../../actors/api-keys.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { DataApiSettings } from '../../../../../views/api-docs/DataApiSettings.tsx';
import { ApiSettingsKeys } from '../../../../../views/api-keys/ApiSettingsKeys.tsx';

// /project/{ref}/settings/api (spec A2.2 'Data API', A2.13, A4.9; issues 16, 17): URL, keys (reveal, copy, last
// request, JWT update progress) and the exposed schemas, read by the loader.
export const Route = createFileRoute('/_app/project/$ref/settings/api')({
  staticData: { title: 'Data API' },
  loader: async ({ params }) => {
    const [data, keys] = await Promise.all([loadDataApiSettings(params.ref), loadApiSettings(params.ref)]);
    return { ...data, keys };
  },
  component: DataApiRoute,
  errorComponent: RouteError,
});

function DataApiRoute() {
  const { ref } = Route.useParams();
  const { keys, ...data } = Route.useLoaderData();
  return (
    <DataApiSettings
      key={`${ref}:${data.config.db_schema}`}
      projectRef={ref}
      {...data}
      keysSection={<ApiSettingsKeys key={keys.anonKey ?? ''} projectRef={ref} {...keys} />}
    />
  );
}
