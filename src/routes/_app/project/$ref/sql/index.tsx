import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SqlHome } from '../../../../../views/sql-editor/SqlHome.tsx';

// spec B2.2: the SQL editor home, where the user lands when the last SQL tab closes.
export const Route = createFileRoute('/_app/project/$ref/sql/')({
  staticData: { title: 'SQL Editor' },
  component: SqlHomeRoute,
});

function SqlHomeRoute() {
  const { ref } = Route.useParams();
  const navigate = useNavigate();
  return <SqlHome onOpen={(id) => void navigate({ to: '/project/$ref/sql/$sqlId', params: { ref, sqlId: id } })} />;
}
