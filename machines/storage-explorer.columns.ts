// Pure helpers of the explorer machine: columns (spec B3 Explorer column) and the naming rows (spec B4, B5).
import { baseName, joinPath, type SortBy, type SortOrder, type StorageItem } from '../src/domain/storage.ts';
import { duplicateNameError, validateName } from '../src/domain/storage-names.ts';
import type { StorageOperation } from './storage-explorer.types.ts';

export interface Column {
  /** The folder path ('' for the bucket's root). */
  id: string;
  name: string;
  path: string;
  status: 'LOADING' | 'READY' | 'FAILED';
  items: StorageItem[];
  hasMoreItems: boolean;
  isLoadingMoreItems: boolean;
}

/** The first page of one column, or a further page: the rows and whether the page was full. */
export interface ColumnListing {
  index: number;
  path: string;
  items: StorageItem[];
  hasMore: boolean;
}
export type ListPageOutput = ColumnListing;

export interface ListColumnsInput {
  bucketId: string;
  columns: Array<{ index: number; path: string }>;
  sortBy: SortBy;
  sortByOrder: SortOrder;
}
export interface ListPageInput {
  bucketId: string;
  index: number;
  path: string;
  offset: number;
  sortBy: SortBy;
  sortByOrder: SortOrder;
}

/** A row being named: a new folder (item null) or a rename of `item`. */
export interface EditingRow {
  columnIndex: number;
  mode: 'create' | 'rename';
  item: StorageItem | null;
  error: string | null;
}

const column = (path: string, name: string): Column => ({
  id: path,
  name,
  path,
  status: 'LOADING',
  items: [],
  hasMoreItems: false,
  isLoadingMoreItems: false,
});

export const rootColumn = (bucketId: string): Column => column('', bucketId);

/** Opening a folder of column i closes the columns after i and opens one for the folder. */
export const openFolderColumns = (columns: readonly Column[], columnIndex: number, path: string): Column[] => [
  ...columns.slice(0, columnIndex + 1),
  column(path, baseName(path)),
];

export const columnFor = (columns: readonly Column[], index: number): Column => columns[index] ?? column('', '');

/** Lands listings on the columns they were made for (a column replaced meanwhile keeps its own rows). */
export function applyListings(columns: readonly Column[], listings: readonly ColumnListing[]): Column[] {
  return columns.map((c, index) => {
    const listing = listings.find((l) => l.index === index && l.path === c.path);
    return listing ? { ...c, status: 'READY', items: listing.items, hasMoreItems: listing.hasMore, isLoadingMoreItems: false } : c;
  });
}

/** Appends a further page, skipping names already shown (objects added meanwhile shift the offsets). */
export function appendPage(columns: readonly Column[], page: ColumnListing): Column[] {
  return columns.map((c, index) => {
    if (index !== page.index || c.path !== page.path) return c;
    const seen = new Set(c.items.map((i) => i.name));
    return { ...c, items: [...c.items, ...page.items.filter((i) => !seen.has(i.name))], hasMoreItems: page.hasMore, isLoadingMoreItems: false };
  });
}

/** After a folder was renamed or deleted, its column and those below it close. */
export function dropColumnsUnder(columns: readonly Column[], op: StorageOperation | null): Column[] {
  if (!op || (op.kind !== 'folder.rename' && op.kind !== 'folder.delete')) return [...columns];
  const gone = (path: string) => path !== '' && (path === op.path || path.startsWith(`${op.path}/`));
  const first = columns.findIndex((c) => gone(c.path));
  return first === -1 ? [...columns] : columns.slice(0, first);
}

export type EditingSubmission =
  | { kind: 'ignore'; error: null; operation: null }
  | { kind: 'invalid'; error: string; operation: null }
  | { kind: 'run'; error: null; operation: StorageOperation };

const ignore: EditingSubmission = { kind: 'ignore', error: null, operation: null };

/** What submitting `name` in the editing row does (spec B4 storage rows, B5 names). */
export function editingSubmission(
  context: { editing: EditingRow | null; columns: readonly Column[]; bucketId: string | null },
  typed: string,
): EditingSubmission {
  const { editing, bucketId } = context;
  if (!editing || bucketId === null) return ignore;
  const name = typed.trim();
  const col = columnFor(context.columns, editing.columnIndex);
  if (editing.mode === 'create') {
    if (name === '') return ignore;
    const error = validateName(name) ?? duplicateNameError(name, col.items);
    return error ? { kind: 'invalid', error, operation: null } : { kind: 'run', error: null, operation: { kind: 'folder.create', bucketId, path: joinPath(col.path, name) } };
  }
  const item = editing.item;
  if (!item || name === '' || name === item.name) return ignore;
  const siblings = col.items.filter((i) => i.path !== item.path);
  const error = (item.type === 'FOLDER' ? validateName(name, { allowSlash: false }) : null) ?? duplicateNameError(name, siblings);
  if (error) return { kind: 'invalid', error, operation: null };
  const newPath = joinPath(item.prefix, name);
  return {
    kind: 'run',
    error: null,
    operation: item.type === 'FOLDER' ? { kind: 'folder.rename', bucketId, path: item.path, newPath } : { kind: 'file.rename', bucketId, path: item.path, newPath },
  };
}
