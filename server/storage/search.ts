// A search across a whole bucket and a folder's size, computed in SQL over storage.objects (issue 14). The text
// searched for is a bind parameter with LIKE's wildcards escaped, so `%` finds a percent sign and nothing else.
import type { StorageFolderSize, StorageSearchHit } from '../../src/api/schemas/storage-search.ts';
import { folderPrefix } from './names.ts';
import type { StorageProject } from './project.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Files whose full name holds `query` (case-insensitive), by name; folders show as parts of the names. */
export async function searchObjects(project: StorageProject, bucketId: string, query: string, limit = 100): Promise<StorageSearchHit[]> {
  const { rows } = await project.pool.query<StorageSearchHit>(
    `select name, id, (metadata->>'size')::bigint::float8 as size, metadata->>'mimetype' as mimetype,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
       from storage.objects
      where bucket_id = $1 and name ilike $2 escape '\\'
        and name !~ '(^|/)\\.emptyFolderPlaceholder$'
      order by name collate "C"
      limit $3`,
    [bucketId, `%${escapeLike(query)}%`, limit],
  );
  return rows;
}

/** The bytes and number of files under a folder, at any depth (the empty path is the whole bucket). */
export async function folderSize(project: StorageProject, bucketId: string, path: string): Promise<StorageFolderSize> {
  const prefix = folderPrefix(path);
  const { rows } = await project.pool.query<{ bytes: string; files: string }>(
    `select coalesce(sum((metadata->>'size')::bigint), 0)::text as bytes, count(*)::text as files
       from storage.objects
      where bucket_id = $1 and starts_with(name, $2) and name !~ '(^|/)\\.emptyFolderPlaceholder$'`,
    [bucketId, prefix],
  );
  return { path: prefix.replace(/\/$/, ''), bytes: Number(rows[0]!.bytes), files: Number(rows[0]!.files) };
}
