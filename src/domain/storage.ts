// Storage explorer rules and constants (spec B2.4, B3, B4, B8, B9). The messages are the spec's, verbatim.

// ─── bucket types (spec B2.4) ────────────────────────────────────────────────────────────────────────────────────

export const BUCKET_TYPES = ['files', 'analytics', 'vectors'] as const;
export type BucketType = (typeof BUCKET_TYPES)[number];
/** spec B2.4: files is the default. */
export const DEFAULT_BUCKET_TYPE: BucketType = 'files';
export const BUCKET_TYPE_DESCRIPTIONS: Record<BucketType, string> = {
  files: 'General file storage for most types of digital content.',
  analytics: 'Purpose-built storage for analytical workloads.',
  vectors: 'Purpose-built storage for vector data.',
};
/** The platform's spelling of each type (the storage API's). */
export const BUCKET_TYPE_API = { files: 'STANDARD', analytics: 'ANALYTICS', vectors: 'VECTOR' } as const;
export type BucketApiType = (typeof BUCKET_TYPE_API)[BucketType];
export const bucketTypeOf = (apiType: string | undefined): BucketType =>
  (Object.entries(BUCKET_TYPE_API).find(([, v]) => v === apiType)?.[0] as BucketType | undefined) ?? DEFAULT_BUCKET_TYPE;
export const BUCKET_TYPE_LABELS: Record<BucketType, string> = { files: 'Files', analytics: 'Analytics', vectors: 'Vectors' };

/** spec B3 Bucket (created_at / updated_at / type as the platform returns them). */
export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  allowed_mime_types: string[] | null;
  file_size_limit: number | null;
  type?: string;
  created_at?: string;
  updated_at?: string;
}

// ─── explorer constants (spec B9) ────────────────────────────────────────────────────────────────────────────────

/** spec B9: list page size 200. */
export const STORAGE_LIST_PAGE_SIZE = 200;
/** spec B9: a full-folder crawl uses pages of 10000. */
export const STORAGE_CRAWL_PAGE_SIZE = 10_000;
/** spec B9: upload, download and zip concurrency. */
export const STORAGE_DOWNLOAD_BATCH = 10;
/** spec B9: folder rename moves. */
export const STORAGE_RENAME_BATCH = 2;
/** spec B9: a file without metadata is corrupted after 15 min. */
export const MISSING_METADATA_CORRUPT_MS = 15 * 60_000;
/** spec B4: buckets fetch retried up to 3 times. */
export const BUCKETS_FETCH_RETRIES = 3;
/** Not given by the spec: the pause between bucket fetch attempts. */
export const BUCKETS_RETRY_DELAY_MS = 1000;
/** spec B8 server messages handled: never retried. */
export const MISSING_TENANT_CONFIG = 'Missing tenant config';
/** spec B7: folder creation uploads this placeholder. */
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';
/** spec B9 zip names: the product's name. */
export const PRODUCT_NAME = 'Strata';
export const filesZipName = () => `${PRODUCT_NAME}-files.zip`;
export const folderZipName = (folder: string) => `${folder}.zip`;

/** spec B9 signed URL expiry options, in seconds. */
export const SIGNED_URL_EXPIRY = { WEEK: 604_800, MONTH: 2_592_000, YEAR: 31_536_000 } as const;
export type SignedUrlExpiry = keyof typeof SIGNED_URL_EXPIRY;
export const SIGNED_URL_EXPIRY_LABELS: Record<SignedUrlExpiry, string> = { WEEK: '1 week', MONTH: '1 month', YEAR: '1 year' };

/** spec B3 Storage config: the project's global upload limit; the platform's default is 50 MB. */
export const DEFAULT_GLOBAL_FILE_SIZE_LIMIT = 52_428_800;

// ─── preferences (spec B2.4, stored locally per project) ────────────────────────────────────────────────────────

export const EXPLORER_VIEWS = ['COLUMNS', 'LIST'] as const;
export type ExplorerView = (typeof EXPLORER_VIEWS)[number];
export const SORT_BY = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
export type SortBy = (typeof SORT_BY)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_BUCKETS = ['alphabetical', 'created_at'] as const;
export type SortBucket = (typeof SORT_BUCKETS)[number];
export const SORT_BY_LABELS: Record<SortBy, string> = {
  name: 'Name',
  updated_at: 'Last updated',
  created_at: 'Created at',
  last_accessed_at: 'Last accessed',
};

export interface ExplorerPreferences {
  view: ExplorerView;
  sortBy: SortBy;
  sortByOrder: SortOrder;
  sortBucket: SortBucket;
}

export const DEFAULT_EXPLORER_PREFERENCES: ExplorerPreferences = {
  view: 'COLUMNS',
  sortBy: 'name',
  sortByOrder: 'asc',
  sortBucket: 'created_at',
};

export const explorerPreferencesKey = (ref: string) => `strata.storage-explorer.${ref}`;

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads stored preferences; anything missing, malformed or tampered with falls back to the default. */
export function readExplorerPreferences(raw: string | null): ExplorerPreferences {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed as Record<string, unknown>;
  } catch {
    value = {};
  }
  const d = DEFAULT_EXPLORER_PREFERENCES;
  return {
    view: pick(EXPLORER_VIEWS, value.view, d.view),
    sortBy: pick(SORT_BY, value.sortBy, d.sortBy),
    sortByOrder: pick(SORT_ORDERS, value.sortByOrder, d.sortByOrder),
    sortBucket: pick(SORT_BUCKETS, value.sortBucket, d.sortBucket),
  };
}

/** spec B2.4 sortBucket: alphabetical by name, or by creation time (newest last, as created). */
export function sortBuckets(buckets: readonly Bucket[], sortBucket: SortBucket): Bucket[] {
  const copy = [...buckets];
  if (sortBucket === 'alphabetical') return copy.sort((a, b) => a.name.localeCompare(b.name));
  return copy.sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.name.localeCompare(b.name));
}

// ─── storage items (spec B3, B4) ────────────────────────────────────────────────────────────────────────────────

export type StorageItemType = 'BUCKET' | 'FILE' | 'FOLDER';
export type StorageItemStatus = 'READY' | 'LOADING' | 'EDITING';

/** What objects/list returns for one entry: folders have a null id and no metadata. */
export interface StorageObject {
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: { size?: number; mimetype?: string; [key: string]: unknown } | null;
}

/** spec B3 Storage item. */
export interface StorageItem {
  id: string | null;
  name: string;
  type: StorageItemType;
  status: StorageItemStatus;
  metadata: { mimetype?: string; size?: number } | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  isCorrupted: boolean;
  /** The full path inside the bucket: prefix + name. */
  path: string;
  /** The folder holding it ('' at the bucket's root, else ending without '/'). */
  prefix: string;
  columnIndex: number;
}

/** Joins path parts without doubled or leading slashes. */
export const joinPath = (...parts: string[]): string => parts.filter((p) => p !== '').join('/').replace(/\/+/g, '/').replace(/^\/|\/$/g, '');

/**
 * spec B4: a file with no metadata is LOADING while created at most 15 minutes ago, otherwise corrupted.
 * `now` is passed in so the rule stays pure.
 */
export function missingMetadataState(createdAt: string | null, now: number): { status: StorageItemStatus; isCorrupted: boolean } {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (Number.isFinite(created) && now - created <= MISSING_METADATA_CORRUPT_MS) return { status: 'LOADING', isCorrupted: false };
  return { status: 'READY', isCorrupted: true };
}

/** One listed object as an explorer row (placeholders are not rows: the listing drops them). */
export function toStorageItem(object: StorageObject, prefix: string, columnIndex: number, now: number): StorageItem {
  const isFolder = object.id === null;
  const base = {
    id: object.id,
    name: object.name,
    created_at: object.created_at,
    updated_at: object.updated_at,
    last_accessed_at: object.last_accessed_at,
    path: joinPath(prefix, object.name),
    prefix,
    columnIndex,
  };
  if (isFolder) return { ...base, type: 'FOLDER', status: 'READY', metadata: null, isCorrupted: false };
  if (!object.metadata) return { ...base, type: 'FILE', metadata: null, ...missingMetadataState(object.created_at, now) };
  const { size, mimetype } = object.metadata;
  return { ...base, type: 'FILE', status: 'READY', isCorrupted: false, metadata: { size, mimetype } };
}

/** The rows of one listed page: the folder placeholder object is hidden. */
export const toStorageItems = (objects: readonly StorageObject[], prefix: string, columnIndex: number, now: number): StorageItem[] =>
  objects.filter((o) => o.name !== EMPTY_FOLDER_PLACEHOLDER).map((o) => toStorageItem(o, prefix, columnIndex, now));

// ─── messages (spec B8, verbatim) ───────────────────────────────────────────────────────────────────────────────

const files = (n: number) => `${n} file(s)`;

export const listingMessages = {
  folderContentsFailed: (name: string, msg: string) => `Failed to retrieve folder contents from "${name}": ${msg}`,
  moreContentsFailed: (msg: string) => `Failed to retrieve more folder contents: ${msg}`,
  foldersFailed: (msg: string) => `Failed to fetch folders: ${msg}`,
  allFilesFailed: 'Failed to retrieve all files within folder',
};

export const folderMessages = {
  deleted: (name: string) => `Successfully deleted ${name}`,
  deleteFailed: (msg: string) => `Failed to delete folder: ${msg}`,
  renaming: (name: string) => `Renaming folder to ${name}`,
  moveFailed: (path: string) => `Failed to move ${path} to the new folder`,
  renamedWithErrors: (name: string) => `Renamed folder to ${name} with some errors`,
  renamed: (name: string) => `Successfully renamed folder to ${name}`,
  renameFailed: (name: string, msg: string) => `Failed to rename folder to ${name}: ${msg}`,
  retrieving: 'Retrieving files from folder...',
  downloading: (n: number) => `Downloading ${files(n)}...`,
  downloadNoFiles: (name: string) => `Failed to download files from "${name}"`,
  downloaded: (name: string) => `Successfully downloaded folder "${name}"`,
  downloadedPartly: (name: string, failed: number) =>
    `Downloaded folder "${name}". However, ${failed} files did not download successfully.`,
  downloadFailed: (msg: string) => `Failed to download folder: ${msg}`,
  copiedPath: (name: string) => `Copied path to folder "${name}"`,
};

export const fileMessages = {
  moving: (n: number) => `Moving ${files(n)}...`,
  movingDescription: "Do not close the browser until it's completed",
  moveFailed: 'Failed to move files',
  moved: (n: number, path: string) => `Successfully moved ${n} files to ${path === '' ? 'the root of your bucket' : path}`,
  deleting: (n: number) => `Deleting ${files(n)}...`,
  deleted: (n: number) => `Successfully deleted ${files(n)}`,
  downloading: (n: number) => `Downloading ${files(n)}...`,
  downloaded: (n: number) => `Successfully downloaded ${n} files`,
  retrieving: (name: string) => `Retrieving ${name}...`,
  downloadingOne: (name: string) => `Downloading ${name}`,
  downloadOneFailed: (name: string) => `Failed to download ${name}`,
  renamed: (oldName: string, newName: string) => `Successfully renamed "${oldName}" to "${newName}"`,
  renameFailed: (msg: string) => `Failed to rename file: ${msg}`,
};

/** spec B5 required arguments. */
export const requiredMessages = {
  projectRef: 'Project ref is required',
  bucketId: 'bucketId is required',
  prefix: 'prefix is required',
  downloadRef: 'Failed to download: Project ref is required',
  downloadBucket: 'Failed to download: Bucket ID is required',
  downloadPath: 'Failed to download: Unable to find path to file',
};

/** An aborted request (a superseded listing): spec B8 says these are ignored. */
export function isAbortError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const name = (error as { name?: unknown }).name;
  return name === 'AbortError';
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';

/** The last segment of a path: a folder's or a file's display name. */
export const baseName = (path: string): string => joinPath(path).split('/').at(-1) ?? '';
/** The folder of a path ('' at the root). */
export const parentPath = (path: string): string => joinPath(path).split('/').slice(0, -1).join('/');
