import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { DEFAULT_DATABASE_SCHEMA } from '../../../../../domain/database/catalog.ts';
import { compact, str } from '../../../../../search-params.ts';
import { SchemaVisualizerPage } from '../../../../../views/database/schemas/SchemaVisualizerPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 Database → Schema Visualizer (issue 19): the sidebar's Database link lands here; ?schema= picks the schema.
export const Route = createFileRoute('/_app/project/$ref/database/schemas')({
  staticData: { title: "Schema Visualizer" },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  component: SchemasRoute,
});

function SchemasRoute() {
  const { project } = projectRoute.useLoaderData();
  const { schema } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SchemaVisualizerPage
      key={project.ref}
      project={project}
      schema={schema ?? DEFAULT_DATABASE_SCHEMA}
      onSchemaChange={(next) => void navigate({ search: { schema: next }, replace: true })}
    />
  );
}
