import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/storage/buckets')({
  staticData: { title: "Storage" },
  validateSearch: (raw: Record<string, unknown>) => compact({ bucketId: str(raw, 'bucketId') }),
  component: () => <PendingPage title="Storage" area="storage" />,
});
