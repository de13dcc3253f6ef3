import { Link, createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { StoragePage, type BucketLinkComponent } from '../../../../../views/storage/StoragePage.tsx';
import { compact, str } from '../../../../../search-params.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.4: the explorer of the bucket named by ?bucketId.
export const Route = createFileRoute('/_app/project/$ref/storage/files')({
  staticData: { title: 'Storage' },
  validateSearch: (raw: Record<string, unknown>) => compact({ bucketId: str(raw, 'bucketId') }),
  component: StorageRoute,
});

const BucketLink: BucketLinkComponent = ({ bucketId, className, current, children }) => (
  <Link from={Route.fullPath} to="." search={{ bucketId }} className={className} aria-current={current ? 'page' : undefined}>
    {children}
  </Link>
);

function StorageRoute() {
  const { project } = projectRoute.useLoaderData();
  const { bucketId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <StoragePage
      key={project.ref}
      project={project}
      bucketId={bucketId}
      BucketLink={BucketLink}
      onOpenBucket={(id) => void navigate({ to: '.', search: { bucketId: id } })}
    />
  );
}
