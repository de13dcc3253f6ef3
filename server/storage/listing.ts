// Listing one folder level the way storage's search does (spec B7 objects/list): sub-folders first (id null,
// metadata null, by name), then the files of that level, with limit/offset over both, a case-insensitive
// search on the start of the names and a sort column. Names are byte-ordered ("C"), so a folder is an index
// range and the first page of a folder of 100,000 files does not read them all when sorted by name.
import type { StorageObjectEntry } from '../../src/api/schemas/storage.ts';
import { SORT_COLUMNS } from '../../src/api/schemas/storage.ts';
import { folderPrefix } from './names.ts';
import type { StorageProject } from './project.ts';
import { drainTrashIfQueued } from './trash.ts';

export interface ListOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  search?: string | undefined;
  sortBy?: { column?: string | undefined; order?: string | undefined } | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function listFolder(project: StorageProject, bucketId: string, path: string, options: ListOptions = {}): Promise<StorageObjectEntry[]> {
  const prefix = folderPrefix(path);
  await drainTrashIfQueued(project);
  const limit = options.limit ?? 100;
  const offset = options.offset ?? 0;
  const column = (SORT_COLUMNS as readonly string[]).includes(options.sortBy?.column ?? '') ? options.sortBy!.column! : 'name';
  const order = options.sortBy?.order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const search = options.search ? `${escapeLike(options.search)}%` : null;
  // $1 bucket, $2 prefix, $3 prefix length, $4 search pattern, $5 limit + offset, $6 limit, $7 offset
  const inFolder = `bucket_id = $1 and name >= $2 and starts_with(name, $2)
    and ($4::text is null or substr(name, $3 + 1) ilike $4)`;
  // Rows skipped by the offset are never formatted: the timestamps are turned into text after limit/offset.
  // (Postgres appends the two branches of a UNION ALL in order: folders, then files.)
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const sql = `
    select page.name, page.id, ${iso('page.created_at')} as created_at, ${iso('page.updated_at')} as updated_at,
           ${iso('page.last_accessed_at')} as last_accessed_at, page.metadata
      from ((select f.name, null::uuid as id, null::timestamptz as created_at, null::timestamptz as updated_at,
                    null::timestamptz as last_accessed_at, null::jsonb as metadata
               from (select distinct split_part(substr(name, $3 + 1), '/', 1) as name
                       from storage.objects where ${inFolder} and strpos(substr(name, $3 + 1), '/') > 0) f
              order by f.name ${order} limit $5)
            union all
            (select substr(name, $3 + 1), id, created_at, updated_at, last_accessed_at, metadata
               from storage.objects where ${inFolder} and strpos(substr(name, $3 + 1), '/') = 0
              order by ${column} ${order}, name ${order} limit $5)
            limit $6 offset $7) page`;
  const { rows } = await project.pool.query<StorageObjectEntry>(sql, [
    bucketId,
    prefix,
    [...prefix].length, // code points, as Postgres counts characters
    search,
    limit + offset,
    limit,
    offset,
  ]);
  return rows;
}
