import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { QueryPerformancePage } from '../../../../../views/query-performance/QueryPerformancePage.tsx';
import { compact, str } from '../../../../../search-params.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 "Tools: Query Performance" (issue 19): the project's statements from pg_stat_statements.
export const Route = createFileRoute('/_app/project/$ref/reports/query-performance')({
  staticData: { title: "Query Performance" },
  validateSearch: (raw: Record<string, unknown>) => compact({ preset: str(raw, 'preset') }),
  component: QueryPerformanceRoute,
});

function QueryPerformanceRoute() {
  const { project } = projectRoute.useLoaderData();
  return <QueryPerformancePage key={project.ref} project={project} />;
}
