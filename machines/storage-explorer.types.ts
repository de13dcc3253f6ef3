// Events and operations of the storage explorer machine (spec B2.4, B4).
import type { ExplorerView, SortBucket, SortBy, SortOrder, StorageItem } from '../src/domain/storage.ts';
import type { FilesOperation } from './storage-files.machine.ts';
import type { FolderOperation } from './storage-folder.machine.ts';

/** Every operation the explorer runs, one at a time, through its injected `runOperation`. */
export type StorageOperation = FolderOperation | FilesOperation;

/** Downloads leave the listing as it is; everything else lists the open columns again. */
export const changesListing = (op: StorageOperation): boolean =>
  op.kind !== 'folder.download' && op.kind !== 'files.download' && op.kind !== 'file.download';

/** The project's status, forwarded from the project route (spec B2.4 gating). */
export interface ProjectStatusEvent { type: 'project.status'; status: string }
export interface BucketsRetryEvent { type: 'buckets.retry' }
/** After a bucket was created, edited or deleted. */
export interface BucketsRefreshEvent { type: 'buckets.refresh' }
/** The address bar's bucketId. */
export interface BucketOpenEvent { type: 'bucket.open'; bucketId: string }
export interface BucketCloseEvent { type: 'bucket.close' }
/** Internal: after a buckets refresh, whether the bucket shown still exists. */
export interface BucketCheckedEvent { type: 'bucket.checked'; present: boolean }
/** A folder row of column `columnIndex` opened: the columns after it close and a new one lists the folder. */
export interface FolderOpenEvent { type: 'folder.open'; columnIndex: number; path: string }
/** Back to column `columnIndex` (breadcrumb): the columns after it close. */
export interface PathUpEvent { type: 'path.up'; columnIndex: number }
/** The end of a column scrolled into view. */
export interface ColumnLoadMoreEvent { type: 'column.loadMore'; columnIndex: number }
/** List the open columns again (uploads settled, the refresh button). */
export interface ExplorerRefreshEvent { type: 'explorer.refresh' }
export interface ViewSetEvent { type: 'view.set'; view: ExplorerView }
export interface SortSetEvent { type: 'sort.set'; sortBy: SortBy; sortByOrder: SortOrder }
export interface BucketSortSetEvent { type: 'bucketSort.set'; sortBucket: SortBucket }
export interface ItemToggleSelectEvent { type: 'item.toggleSelect'; path: string }
export interface SelectionSetEvent { type: 'selection.set'; paths: string[] }
/** A new folder row (EDITING) at the top of column `columnIndex`. */
export interface FolderCreateEvent { type: 'folder.create'; columnIndex: number }
export interface ItemRenameEvent { type: 'item.rename'; item: StorageItem }
export interface EditingSubmitEvent { type: 'editing.submit'; name: string }
export interface EditingCancelEvent { type: 'editing.cancel' }
export interface OperationRunEvent { type: 'operation.run'; operation: StorageOperation }

export type ExplorerEvent =
  | ProjectStatusEvent
  | BucketsRetryEvent
  | BucketsRefreshEvent
  | BucketOpenEvent
  | BucketCloseEvent
  | BucketCheckedEvent
  | FolderOpenEvent
  | PathUpEvent
  | ColumnLoadMoreEvent
  | ExplorerRefreshEvent
  | ViewSetEvent
  | SortSetEvent
  | BucketSortSetEvent
  | ItemToggleSelectEvent
  | SelectionSetEvent
  | FolderCreateEvent
  | ItemRenameEvent
  | EditingSubmitEvent
  | EditingCancelEvent
  | OperationRunEvent;
