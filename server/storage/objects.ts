// Objects (spec B3 Storage item): a row in storage.objects and a file at its object path. Writes hold the name's
// advisory lock from before the file is renamed into place until the row commits (see trash.ts for why).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { duplicate, objectNotFound } from './errors.ts';
import type { Staged } from './backend.ts';
import { assertBucketId, assertObjectName } from './names.ts';
import type { StorageProject } from './project.ts';
import { OBJECT_LOCK, drainTrash } from './trash.ts';
import { getBucket } from './buckets.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  metadata: ObjectMetadata | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_COLUMNS = `id, bucket_id, name, owner, metadata,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  to_char(last_accessed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_accessed_at`;

/** '3600' (tus metadata, form field) and 'max-age=3600' (header) both become 'max-age=3600'. */
export function normaliseCacheControl(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return 'max-age=3600';
  return /^\d+$/.test(text) ? `max-age=${text}` : text.slice(0, 200);
}

async function lockNames(client: pg.PoolClient, keys: { bucket: string; name: string }[]): Promise<void> {
  // A fixed order, so two moves between the same names cannot deadlock.
  const sorted = [...keys].sort((a, b) => `${a.bucket}/${a.name}`.localeCompare(`${b.bucket}/${b.name}`));
  for (const key of sorted) await client.query(`select pg_advisory_xact_lock(${OBJECT_LOCK('$1::text', '$2::text')})`, [key.bucket, key.name]);
}

export async function findObject(project: StorageProject, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await project.pool.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw objectNotFound();
  return rows[0];
}

export async function objectExists(project: StorageProject, bucketId: string, name: string): Promise<boolean> {
  const { rows } = await project.pool.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
  return rows.length > 0;
}

export interface CommitInput {
  bucketId: string;
  name: string;
  /** Complete bytes staged outside the objects (temporary file or key, finished tus upload); moved into place. */
  staged: Staged;
  size: number;
  mimetype: string;
  cacheControl: string;
  upsert: boolean;
}

/** Makes a finished file an object: row written and file renamed into place, or neither. */
export async function commitObject(project: StorageProject, input: CommitInput): Promise<ObjectRow> {
  assertObjectName(input.name);
  assertBucketId(input.bucketId);
  const metadata: ObjectMetadata = {
    eTag: `"${randomBytes(16).toString('hex')}"`,
    size: input.size,
    mimetype: input.mimetype,
    cacheControl: input.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: input.size,
    httpStatusCode: 200,
  };
  return withTransaction(project.pool, async (client) => {
    await lockNames(client, [{ bucket: input.bucketId, name: input.name }]);
    const existing = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2 for update', [input.bucketId, input.name]);
    if (existing.rows.length && !input.upsert) throw duplicate();
    const { rows } = await client.query<ObjectRow>(
      `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now(), last_accessed_at = now()
       returning ${OBJECT_COLUMNS}`,
      [input.bucketId, input.name, metadata],
    );
    await project.storage.place(input.staged, project.ref, input.bucketId, input.name);
    return rows[0]!;
  });
}

export async function moveObject(project: StorageProject, bucketId: string, from: string, to: string, toBucket = bucketId): Promise<void> {
  assertObjectName(from);
  assertObjectName(to);
  if (toBucket !== bucketId) await getBucket(project, toBucket);
  if (toBucket === bucketId && from === to) return;
  assertBucketId(bucketId);
  assertBucketId(toBucket);
  await withTransaction(project.pool, async (client) => {
    await lockNames(client, [{ bucket: bucketId, name: from }, { bucket: toBucket, name: to }]);
    const { rows } = await client.query('select id from storage.objects where bucket_id = $1 and name = $2 for update', [bucketId, from]);
    if (!rows[0]) throw objectNotFound();
    const taken = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [toBucket, to]);
    if (taken.rows.length) throw duplicate();
    await client.query('update storage.objects set bucket_id = $2, name = $3, updated_at = now() where id = $1', [rows[0].id, toBucket, to]);
    await project.storage.move(project.ref, bucketId, from, toBucket, to);
  });
}

export async function copyObject(
  project: StorageProject,
  bucketId: string,
  from: string,
  to: string,
  options: { toBucket?: string; upsert?: boolean } = {},
): Promise<ObjectRow> {
  const toBucket = options.toBucket ?? bucketId;
  assertObjectName(to);
  if (toBucket !== bucketId) await getBucket(project, toBucket);
  const source = await findObject(project, bucketId, assertObjectName(from));
  if (!options.upsert && (await objectExists(project, toBucket, to))) throw duplicate();
  const temp = await project.storage.stageCopy(project.ref, bucketId, from);
  try {
    return await commitObject(project, {
      bucketId: toBucket,
      name: to,
      staged: temp,
      size: source.metadata?.size ?? temp.size,
      mimetype: source.metadata?.mimetype ?? 'application/octet-stream',
      cacheControl: source.metadata?.cacheControl ?? 'max-age=3600',
      upsert: options.upsert ?? false,
    });
  } catch (error) {
    await project.storage.discard(temp);
    throw error;
  }
}

/** Deletes the named objects (missing names are skipped, as storage does); returns the deleted rows. */
export async function removeObjects(project: StorageProject, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await project.pool.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, names],
  );
  await drainTrash(project);
  return rows;
}

/** Folder delete (spec B4): storage.delete_prefix, then the files of the removed rows. */
export async function deletePrefix(project: StorageProject, bucketId: string, prefix: string): Promise<boolean> {
  const { rows } = await project.pool.query<{ deleted: boolean }>('select storage.delete_prefix($1, $2) as deleted', [bucketId, prefix]);
  await drainTrash(project);
  return rows[0]?.deleted ?? false;
}

export async function touchObject(project: StorageProject, id: string): Promise<void> {
  await project.pool.query('update storage.objects set last_accessed_at = now() where id = $1', [id]);
}
