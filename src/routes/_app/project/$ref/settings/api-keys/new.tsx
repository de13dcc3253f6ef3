import { createFileRoute } from '@tanstack/react-router';
import { NewApiKeyPage } from '../../../../../../views/api-keys/NewApiKeyPage.tsx';

// /project/{ref}/settings/api-keys/new (spec A2.2; issue 16): a new publishable or secret key.
export const Route = createFileRoute('/_app/project/$ref/settings/api-keys/new')({
  staticData: { title: 'API Keys' },
  component: NewApiKeyRoute,
});

function NewApiKeyRoute() {
  const { ref } = Route.useParams();
  return <NewApiKeyPage key={ref} projectRef={ref} />;
}
