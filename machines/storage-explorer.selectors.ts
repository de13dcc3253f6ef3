// Selectors of the storage explorer: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { baseName, sortBuckets, type Bucket, type ExplorerPreferences, type StorageItem } from '../src/domain/storage.ts';
import type { Column, EditingRow } from './storage-explorer.columns.ts';
import type { StorageExplorerMachine } from './storage-explorer.machine.ts';
import type { StorageOperation } from './storage-explorer.types.ts';

type Snapshot = SnapshotFrom<StorageExplorerMachine>;

const sorted = new WeakMap<Bucket[], Map<string, Bucket[]>>();
const EMPTY: Bucket[] = [];

/** The buckets in the preferred order (same array until the buckets or the order change). */
export function selectBuckets(snapshot: Snapshot): Bucket[] {
  const { buckets, preferences } = snapshot.context;
  if (!buckets) return EMPTY;
  let byOrder = sorted.get(buckets);
  if (!byOrder) sorted.set(buckets, (byOrder = new Map()));
  let list = byOrder.get(preferences.sortBucket);
  if (!list) byOrder.set(preferences.sortBucket, (list = sortBuckets(buckets, preferences.sortBucket)));
  return list;
}

export const selectBucketsLoaded = (s: Snapshot): boolean => s.context.buckets !== null;
export const selectBucketId = (s: Snapshot): string | null => s.context.bucketId;
export const selectBucket = (s: Snapshot): Bucket | null => s.context.buckets?.find((b) => b.id === s.context.bucketId) ?? null;
export const selectColumns = (s: Snapshot): Column[] => s.context.columns;
export const selectPreferences = (s: Snapshot): ExplorerPreferences => s.context.preferences;
export const selectSelection = (s: Snapshot): string[] => s.context.selection;
export const selectEditing = (s: Snapshot): EditingRow | null => s.context.editing;
export const selectRunning = (s: Snapshot): StorageOperation | null => s.context.running;
/** spec B2.4: nothing is initialised while the project is INACTIVE. */
export const selectIsInactive = (s: Snapshot): boolean => s.matches('inactive');
export const selectIsWaitingForProject = (s: Snapshot): boolean => s.matches('waitingForProject');
export const selectIsLoadingBuckets = (s: Snapshot): boolean => s.matches('loadingBuckets') || s.matches('retryingBuckets');
export const selectBucketsError = (s: Snapshot): string | null => (s.matches('bucketsFailed') ? s.context.bucketsError : null);
export const selectIsListing = (s: Snapshot): boolean => s.matches({ browsing: { columns: 'listingFolders' } });
export const selectIsOperating = (s: Snapshot): boolean => s.matches({ browsing: { operation: 'running' } });
export const selectIsEditing = (s: Snapshot): boolean => s.matches({ browsing: { operation: 'editing' } });

/** A row as shown: the listed item, or the new folder being named, with its EDITING / LOADING status (spec B4). */
export interface Row extends StorageItem {
  /** True for the new folder row (it has no object yet). */
  isNew?: boolean;
}

const PLACEHOLDER: Omit<StorageItem, 'name' | 'path' | 'prefix' | 'columnIndex' | 'status'> = {
  id: null,
  type: 'FOLDER',
  metadata: null,
  created_at: null,
  updated_at: null,
  last_accessed_at: null,
  isCorrupted: false,
};

/** The paths an operation is working on (their rows read LOADING). */
function busyPaths(op: StorageOperation | null): string[] {
  if (!op) return [];
  if ('paths' in op) return op.paths;
  return [op.path];
}

/**
 * The rows of column `index`: the new folder row first while it is named (EDITING) or created (LOADING), the
 * renamed row EDITING then LOADING, rows an operation works on LOADING. spec B4 storage rows.
 */
export function rowsOf(column: Column, index: number, editing: EditingRow | null, running: StorageOperation | null): Row[] {
  const busy = busyPaths(running);
  const rows: Row[] = column.items.map((item) => {
    if (editing?.mode === 'rename' && editing.item?.path === item.path) return { ...item, status: 'EDITING' };
    if (busy.includes(item.path)) {
      const renamed = running && 'newPath' in running && running.path === item.path ? baseName(running.newPath) : item.name;
      return { ...item, name: renamed, status: 'LOADING' };
    }
    return item;
  });
  if (editing?.mode === 'create' && editing.columnIndex === index) {
    rows.unshift({ ...PLACEHOLDER, name: '', path: '', prefix: column.path, columnIndex: index, status: 'EDITING', isNew: true });
  } else if (running?.kind === 'folder.create' && running.path.startsWith(column.path) && !column.items.some((i) => i.path === running.path)) {
    const parent = running.path.slice(0, running.path.length - baseName(running.path).length).replace(/\/$/, '');
    if (parent === column.path) {
      rows.unshift({ ...PLACEHOLDER, name: baseName(running.path), path: running.path, prefix: column.path, columnIndex: index, status: 'LOADING', isNew: true });
    }
  }
  return rows;
}
