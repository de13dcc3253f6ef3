import { createFileRoute } from '@tanstack/react-router';
import { GraphiqlUnavailable } from '../../../../../views/api-docs/GraphiqlUnavailable.tsx';

export const Route = createFileRoute('/_app/project/$ref/api/graphiql')({
  staticData: { title: 'GraphiQL' },
  component: GraphiqlRoute,
});

function GraphiqlRoute() {
  const { ref } = Route.useParams();
  return <GraphiqlUnavailable projectRef={ref} />;
}
