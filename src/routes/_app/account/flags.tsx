import { createFileRoute } from '@tanstack/react-router';
import { fetchPlatformAdmin } from '../../../api/telemetry.ts';
import { FeatureFlagsAdminPage } from '../../../views/account-flags/FeatureFlagsAdminPage.tsx';
import { NotFoundPage } from '../../../views/errors/ErrorPage.tsx';

// Issue 21: platform admins change remote flags here; to anyone else the page does not exist (404), as the
// platform refuses their writes (403).
export const Route = createFileRoute('/_app/account/flags')({
  staticData: { title: 'Feature flags' },
  loader: async () => ({ admin: (await fetchPlatformAdmin()).admin }),
  component: FlagsRoute,
});

function FlagsRoute() {
  const { admin } = Route.useLoaderData();
  return admin ? <FeatureFlagsAdminPage /> : <NotFoundPage />;
}
