import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { DEFAULT_DATABASE_SCHEMA } from '../../../../../domain/database/catalog.ts';
import { compact, str } from '../../../../../search-params.ts';
import { TablesPage } from '../../../../../views/database/tables/TablesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 Database → Tables (issue 19): the schema is in the URL (?schema=).
export const Route = createFileRoute('/_app/project/$ref/database/tables')({
  staticData: { title: "Tables" },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  component: TablesRoute,
});

function TablesRoute() {
  const { project } = projectRoute.useLoaderData();
  const { schema } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TablesPage
      key={project.ref}
      project={project}
      schema={schema ?? DEFAULT_DATABASE_SCHEMA}
      onSchemaChange={(next) => void navigate({ search: { schema: next }, replace: true })}
    />
  );
}
