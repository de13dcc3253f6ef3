import { useSelector } from '@xstate/react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  selectBucketId,
  selectBuckets,
  selectBucketsError,
  selectBucketsLoaded,
  selectIsInactive,
  selectIsWaitingForProject,
  selectPreferences,
} from '../../../machines/storage-explorer.selectors.ts';
import type { Project } from '../../api/types.ts';
import { deleteBucketTask } from '../../actors/storage-forms.ts';
import type { Bucket } from '../../domain/storage.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { Select } from '../../ui/Select.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { TypedConfirmModal } from '../../ui/TypedConfirmModal.tsx';
import { toast } from '../../ui/toast.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useTask } from '../shared/useTask.ts';
import { BucketDialog } from './BucketDialog.tsx';
import { Explorer } from './Explorer.tsx';
import { Refusable, useStorageRefusal, type StorageRefusal } from './Refusable.tsx';
import { useStorageExplorer, type ExplorerRef } from './useStorageExplorer.ts';
import * as css from './Storage.css.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { SideDrawer } from '../../ui/SideDrawer.tsx';

export type BucketLinkComponent = ComponentType<{ bucketId: string | undefined; className: string; current: boolean; children: ReactNode }>;

export interface StoragePageProps {
  project: Project;
  bucketId: string | undefined;
  /** A link to this page with another bucket (the router owns the address). */
  BucketLink: BucketLinkComponent;
  /** Opens a bucket (the route puts it in ?bucketId): a bucket just created is opened at once. */
  onOpenBucket: (bucketId: string) => void;
}

/** /project/{ref}/storage/buckets and /files (spec B2.4): the buckets beside the opened bucket's explorer. */
export function StoragePage({ project, bucketId, BucketLink, onOpenBucket }: StoragePageProps) {
  const explorer = useStorageExplorer(project.ref, project.status, bucketId);
  const inactive = useSelector(explorer, selectIsInactive);
  const waiting = useSelector(explorer, selectIsWaitingForProject);
  const refusal = useStorageRefusal(project);
  if (inactive) return <ProjectPausedCard project={project} />;
  if (waiting) {
    return <div className={css.empty}><EmptyState title="Storage is not available yet" description="Buckets are shown once the project is up and healthy." /></div>;
  }
  return (
    <div className={css.layout}>
      {/* The page's h1 (issue 24: the explorer had none), before the sidebar's 'Buckets' h2. */}
      <h1 className={visuallyHidden}>Storage</h1>
      <SideDrawer label="Buckets">
        <BucketsSidebar explorer={explorer} projectRef={project.ref} BucketLink={BucketLink} onOpenBucket={onOpenBucket} refusal={refusal} />
      </SideDrawer>
      <StorageMain explorer={explorer} projectRef={project.ref} refusal={refusal} />
    </div>
  );
}

function StorageMain({ explorer, projectRef, refusal }: { explorer: ExplorerRef; projectRef: string; refusal: StorageRefusal }) {
  const bucketId = useSelector(explorer, selectBucketId);
  const buckets = useSelector(explorer, selectBuckets);
  const loaded = useSelector(explorer, selectBucketsLoaded);
  if (bucketId) return <Explorer explorer={explorer} projectRef={projectRef} refusal={refusal} />;
  if (!loaded) return <div className={css.main} />;
  return (
    <div className={css.empty}>
      <EmptyState
        level={2}
        title={buckets.length === 0 ? 'No buckets yet' : 'Select a bucket'}
        description={buckets.length === 0 ? 'Create a bucket to store and serve files.' : 'Choose a bucket on the left to browse its files.'}
      />
    </div>
  );
}

function BucketsSidebar({
  explorer,
  projectRef,
  BucketLink,
  onOpenBucket,
  refusal,
}: {
  explorer: ExplorerRef;
  projectRef: string;
  BucketLink: BucketLinkComponent;
  onOpenBucket: (bucketId: string) => void;
  refusal: StorageRefusal;
}) {
  const buckets = useSelector(explorer, selectBuckets);
  const loaded = useSelector(explorer, selectBucketsLoaded);
  const error = useSelector(explorer, selectBucketsError);
  const current = useSelector(explorer, selectBucketId);
  const { sortBucket } = useSelector(explorer, selectPreferences);
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit' | 'delete'; bucket: Bucket } | null>(null);
  const refresh = () => explorer.send({ type: 'buckets.refresh' });
  // A bucket just created is opened once the refreshed list holds it (the explorer opens only known buckets).
  const [openWhenListed, setOpenWhenListed] = useState<string | null>(null);
  useEffect(() => {
    if (openWhenListed && buckets.some((bucket) => bucket.id === openWhenListed)) {
      setOpenWhenListed(null);
      onOpenBucket(openWhenListed);
    }
  }, [buckets, openWhenListed, onOpenBucket]);
  return (
    <aside className={css.sidebar} aria-label="Buckets">
      <Refusable refused={refusal('createBucket')}>
        <Button variant="primary" size="small" isDisabled={refusal('createBucket') !== null} onPress={() => setDialog({ kind: 'create' })}>New bucket</Button>
      </Refusable>
      <Select
        aria-label="Sort buckets"
        options={[{ id: 'created_at', label: 'Sort by created at' }, { id: 'alphabetical', label: 'Sort alphabetically' }]}
        value={sortBucket}
        onChange={(key) => key !== null && explorer.send({ type: 'bucketSort.set', sortBucket: key === 'alphabetical' ? 'alphabetical' : 'created_at' })}
      />
      <h2 className={css.sidebarTitle}>Buckets</h2>
      {!loaded && !error ? <SkeletonLines lines={3} /> : null}
      {error ? (
        <div role="alert" className={css.alert}>
          {`Failed to fetch buckets: ${error}`} <Button size="tiny" onPress={() => explorer.send({ type: 'buckets.retry' })}>Retry</Button>
        </div>
      ) : null}
      <ul className={css.bucketList}>
        {buckets.map((bucket) => (
          <li key={bucket.id} style={{ display: 'flex', alignItems: 'center' }}>
            <BucketLink bucketId={bucket.id} className={css.bucketLink} current={bucket.id === current}>
              <span>{bucket.name}</span>
              {bucket.public ? <Badge variant="warning">Public</Badge> : null}
            </BucketLink>
            <MenuTrigger>
              <Button size="tiny" variant="ghost" aria-label={`Actions for bucket ${bucket.name}`}>⋯</Button>
              <Menu
                aria-label={`Actions for bucket ${bucket.name}`}
                disabledKeys={(['edit', 'delete'] as const).filter((key) => refusal(key === 'edit' ? 'editBucket' : 'deleteBucket') !== null)}
                onAction={(key) => setDialog({ kind: key === 'delete' ? 'delete' : 'edit', bucket })}
              >
                <MenuItem id="edit" textValue="Edit bucket" description={refusal('editBucket')}>Edit bucket</MenuItem>
                <MenuItem id="delete" textValue="Delete bucket" description={refusal('deleteBucket')} isDestructive>Delete bucket</MenuItem>
              </Menu>
            </MenuTrigger>
          </li>
        ))}
      </ul>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <BucketDialog
          projectRef={projectRef}
          bucket={dialog.kind === 'edit' ? dialog.bucket : null}
          isOpen
          onClose={() => setDialog(null)}
          onSaved={(savedId) => {
            const created = dialog.kind === 'create';
            setDialog(null);
            refresh();
            if (created) setOpenWhenListed(savedId);
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteBucketModal projectRef={projectRef} bucket={dialog.bucket} onClose={() => setDialog(null)} onDeleted={refresh} />
      ) : null}
    </aside>
  );
}

function DeleteBucketModal({ projectRef, bucket, onClose, onDeleted }: { projectRef: string; bucket: Bucket; onClose: () => void; onDeleted: () => void }) {
  const task = useTask(deleteBucketTask, {
    onDone: () => {
      toast.success(`Successfully deleted bucket ${bucket.name}`);
      onClose();
      onDeleted();
    },
  });
  const { running: deleting, error } = task;
  return (
    <TypedConfirmModal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Delete bucket "${bucket.name}"`}
      description="Every file in the bucket is deleted with it. This cannot be undone."
      confirmString={bucket.name}
      confirmLabel="Delete bucket"
      isLoading={deleting}
      onConfirm={() => task.run({ projectRef, bucketId: bucket.id })}
    >
      {error ? <p role="alert" className={css.alert}>{`Failed to delete bucket: ${error}`}</p> : null}
    </TypedConfirmModal>
  );
}
