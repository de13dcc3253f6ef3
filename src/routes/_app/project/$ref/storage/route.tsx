import { Outlet, createFileRoute } from '@tanstack/react-router';
import { UploadsProvider } from '../../../../../views/storage/uploads/UploadsProvider.tsx';

// The storage pages share one upload queue (issue 8): it survives moving between buckets, files and settings.
export const Route = createFileRoute('/_app/project/$ref/storage')({
  component: () => (
    <UploadsProvider>
      <Outlet />
    </UploadsProvider>
  ),
});
