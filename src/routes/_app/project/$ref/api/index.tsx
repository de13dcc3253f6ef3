import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { loadApiDocs } from '../../../../../actors/api-docs.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { ApiDocsPage } from '../../../../../views/api-docs/ApiDocsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/api (spec B2.5): the project URL and keys, the REST root's OpenAPI document, buckets and edge
// functions, and the exposed schemas (for the types download), read by the loader (src/actors/api-docs.ts).
export const Route = createFileRoute('/_app/project/$ref/api/')({
  staticData: { title: 'API Docs' },
  loader: ({ params }) => loadApiDocs(params.ref),
  component: ApiDocsRoute,
  errorComponent: RouteError,
});

function ApiDocsRoute() {
  const { project } = projectRoute.useLoaderData();
  const data = Route.useLoaderData();
  return <ApiDocsPage project={project} data={data} />;
}
