// Storage shapes shared by the platform's storage endpoints (server/storage) and the console (spec B3 storage
// entities, B7 storage calls). Plain zod, no node imports.
import { z } from 'zod';

/** spec B9 (via the issue): the project's global upload limit when none was set, 50 MB. */
export const DEFAULT_FILE_SIZE_LIMIT = 52_428_800;
/** The largest global limit the platform accepts (500 GB); bucket limits above the global limit never apply. */
export const MAX_FILE_SIZE_LIMIT = 500 * 1024 ** 3;

/**
 * Bucket ids name a folder on disk and a URL segment that the official client does not encode: letters, digits
 * and `_ . -`, starting with a letter, digit or `_`, at most 100 characters.
 */
export const BUCKET_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;
export const bucketIdSchema = z.string().regex(BUCKET_ID_PATTERN, {
  error: 'must use only letters, digits, "_", "." and "-" (at most 100, not starting with ".")',
});

/** spec B2.4 bucket types; the service stores them in the storage API's spelling. */
export const BUCKET_TYPES = ['STANDARD', 'ANALYTICS', 'VECTOR'] as const;
export type BucketType = (typeof BUCKET_TYPES)[number];

/** A MIME type or a wildcard of one (`image/*`, `*\/*` is not needed: no list means anything). */
export const MIME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/(\*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})$/;

/** A size in bytes, or a string like '20MB' (the official client accepts both; units are decimal as in storage). */
export const fileSizeSchema = z.union([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^\s*\d+(\.\d+)?\s*(B|KB|MB|GB)?\s*$/i, { error: "must be a number of bytes or like '20MB'" }),
]);

export const bucketFields = {
  public: z.boolean().optional(),
  file_size_limit: fileSizeSchema.nullable().optional(),
  allowed_mime_types: z.array(z.string().regex(MIME_PATTERN, { error: 'must hold MIME types like image/png or image/*' })).max(200).nullable().optional(),
};

export const createBucketBody = z.object({
  id: bucketIdSchema,
  name: z.string().optional(),
  type: z.enum(BUCKET_TYPES).optional(),
  ...bucketFields,
});
export type CreateBucketBody = z.infer<typeof createBucketBody>;

export const updateBucketBody = z.object({ id: z.string().optional(), name: z.string().optional(), ...bucketFields });
export type UpdateBucketBody = z.infer<typeof updateBucketBody>;

/** spec B3 Bucket (plus the storage API's extra fields). */
export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: BucketType;
  created_at: string;
  updated_at: string;
}

export const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

export const listOptions = z.object({
  limit: z.number().int().min(1).max(10_000).optional(),
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  search: z.string().max(1024).optional(),
  sortBy: z
    .object({ column: z.enum(SORT_COLUMNS).optional(), order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() })
    .optional(),
});

/** POST …/objects/list (spec B7). */
export const listObjectsBody = z.object({ path: z.string().max(1024).optional(), options: listOptions.optional() });

/** spec B3 Storage item as listed: folders have id null and metadata null. */
export interface StorageObjectEntry {
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: { size: number; mimetype: string; cacheControl: string; eTag: string; lastModified: string } | null;
}

export const moveObjectBody = z.object({ from: z.string().min(1).max(1024), to: z.string().min(1).max(1024) });
export const deleteObjectsBody = z.object({ paths: z.array(z.string().min(1).max(1024)).min(1).max(10_000) });
export const downloadObjectBody = z.object({ path: z.string().min(1).max(1024), options: z.record(z.string(), z.unknown()).optional() });
export const signObjectBody = z.object({
  path: z.string().min(1).max(1024),
  /** Seconds; spec B9 offers a week, a month and a year. */
  expiresIn: z.number().int().min(1).max(10 * 365 * 24 * 3600),
});
export const deletePrefixBody = z.object({ prefix: z.string().max(1024) });

/** Storage config (spec B3): the project's global upload limit in bytes. */
export const storageConfigBody = z.object({ fileSizeLimit: z.number().int().min(1).max(MAX_FILE_SIZE_LIMIT) });
export interface StorageConfig {
  fileSizeLimit: number;
}

/** spec B1 storage endpoint helpers. */
export interface StorageEndpoints {
  s3: string;
  iceberg: string;
}

/** spec A7 / C9: temporary API keys live at most 300 s. */
export const TEMPORARY_KEY_MAX_SECONDS = 300;
export const temporaryKeyQuery = z.object({
  authorization_exp: z.coerce.number().int().min(1).max(TEMPORARY_KEY_MAX_SECONDS).optional(),
  claims: z.string().max(2000).optional(),
});
