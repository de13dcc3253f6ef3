import { createFileRoute, useRouter } from '@tanstack/react-router';
import { fetchStorageConfig, fetchStorageEndpoints } from '../../../../../api/storage.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { StorageSettingsPage } from '../../../../../views/storage/StorageSettingsPage.tsx';

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
  const router = useRouter();
  return <StorageSettingsPage key={config.fileSizeLimit} projectRef={ref} fileSizeLimit={config.fileSizeLimit} endpoints={endpoints} onSaved={() => void router.invalidate()} />;
}
