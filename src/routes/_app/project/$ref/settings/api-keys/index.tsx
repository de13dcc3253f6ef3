import { createFileRoute } from '@tanstack/react-router';
import { loadApiKeys } from '../../../../../../actors/api-keys.ts';
import { ApiKeysPage } from '../../../../../../views/api-keys/ApiKeysPage.tsx';
import { RouteError } from '../../../../../../views/errors/RouteError.tsx';

// /project/{ref}/settings/api-keys (spec A2.2, A2.13, A4.9; issue 16): publishable, secret and legacy keys.
export const Route = createFileRoute('/_app/project/$ref/settings/api-keys/')({
  staticData: { title: 'API Keys' },
  loader: ({ params }) => loadApiKeys(params.ref),
  component: ApiKeysRoute,
  errorComponent: RouteError,
});

function ApiKeysRoute() {
  const { ref } = Route.useParams();
  const data = Route.useLoaderData();
  const anon = data.keys.find((key) => key.name === 'anon')?.api_key ?? '';
  return <ApiKeysPage key={`${ref}:${anon}`} projectRef={ref} {...data} />;
}
