import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { fetchStorageConfig, fetchStorageEndpoints } from '../../../../../api/storage.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { useStorageRefusal } from '../../../../../views/storage/Refusable.tsx';
import { StorageSettingsPage } from '../../../../../views/storage/StorageSettingsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.4: linked from the upload-limit error; B3 Storage config.
export const Route = createFileRoute('/_app/project/$ref/storage/settings')({
  staticData: { title: 'Storage Settings' },
  loader: async ({ params }) => {
    const [config, endpoints] = await Promise.all([fetchStorageConfig(params.ref), fetchStorageEndpoints(params.ref)]);
    return { config, endpoints };
  },
  component: StorageSettingsRoute,
  errorComponent: RouteError,
});

function StorageSettingsRoute() {
  const { ref } = Route.useParams();
  const { config, endpoints } = Route.useLoaderData();
  const { project } = projectRoute.useLoaderData();
  const refusal = useStorageRefusal(project);
  const router = useRouter();
  return (
    <StorageSettingsPage
      key={config.fileSizeLimit}
      projectRef={ref}
      fileSizeLimit={config.fileSizeLimit}
      endpoints={endpoints}
      onSaved={() => void router.invalidate()}
      refused={refusal('saveSettings')}
    />
  );
}
