// Buckets (spec B3 Bucket): rows of storage.buckets, a folder per bucket under the project's objects folder.
import type { Bucket, BucketType, CreateBucketBody, UpdateBucketBody } from '../../src/api/schemas/storage.ts';
import { StorageError, bucketNotFound } from './errors.ts';
import { assertBucketId } from './names.ts';
import type { StorageProject } from './project.ts';
import { parseFileSize } from './rules.ts';
import { drainTrash } from './trash.ts';

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, type,
  created_at, updated_at`;

interface BucketRow extends Omit<Bucket, 'created_at' | 'updated_at'> {
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function toBucket(row: BucketRow): Bucket {
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export async function listBuckets(
  project: StorageProject,
  options: { limit?: number; offset?: number; search?: string; sortColumn?: string; sortOrder?: string } = {},
): Promise<Bucket[]> {
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(options.sortColumn ?? '') ? options.sortColumn! : 'name';
  const order = options.sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const { rows } = await project.pool.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets
      where ($1::text is null or name ilike '%' || $1 || '%')
      order by ${column} ${order}, id limit $2 offset $3`,
    [options.search ? options.search.replace(/[\\%_]/g, (ch) => `\\${ch}`) : null, options.limit ?? 1000, options.offset ?? 0],
  );
  return rows.map(toBucket);
}

export async function getBucket(project: StorageProject, id: string): Promise<Bucket> {
  const { rows } = await project.pool.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw bucketNotFound();
  return toBucket(rows[0]);
}

function mimeList(value: string[] | null | undefined): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  return value.length === 0 ? null : value;
}

export async function createBucket(project: StorageProject, body: CreateBucketBody): Promise<{ name: string }> {
  const id = assertBucketId(body.id);
  const type: BucketType = body.type ?? 'STANDARD';
  try {
    await project.pool.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, type)
       values ($1, $1, $2, $3, $4, $5)`,
      [id, body.public ?? false, parseFileSize(body.file_size_limit), mimeList(body.allowed_mime_types) ?? null, type],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new StorageError(409, 'Duplicate', 'The resource already exists');
    }
    throw error;
  }
  return { name: id };
}

export async function updateBucket(project: StorageProject, id: string, body: UpdateBucketBody): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (body.public !== undefined) set('public', body.public);
  if (body.file_size_limit !== undefined) set('file_size_limit', parseFileSize(body.file_size_limit));
  if (body.allowed_mime_types !== undefined) set('allowed_mime_types', mimeList(body.allowed_mime_types));
  sets.push('updated_at = now()');
  const { rowCount } = await project.pool.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params);
  if (!rowCount) throw bucketNotFound();
}

/** Deletes every object of the bucket (rows now, files through the trash queue). */
export async function emptyBucket(project: StorageProject, id: string): Promise<void> {
  await getBucket(project, id);
  await project.pool.query('delete from storage.objects where bucket_id = $1', [id]);
  await drainTrash(project);
}

/** Only an empty bucket can go (409 otherwise, as storage answers). */
export async function deleteBucket(project: StorageProject, id: string): Promise<void> {
  await getBucket(project, id);
  const { rows } = await project.pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (rows.length) throw new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
  await project.pool.query('delete from storage.buckets where id = $1', [id]);
  // Leftovers (placeholders of deleted rows not drained yet) go with the folder.
  await drainTrash(project).catch(() => 0);
  await project.storage.removeBucket(project.ref, id);
}
