// Listing one folder level the way storage's search does (spec B7 objects/list): sub-folders first (id null,
// metadata null, by name), then the files of that level, with limit/offset over both, a case-insensitive
// search on the start of the names and a sort column.
//
// Speed (issue 15; a folder of 100,000 files, offset 50,000): the index on (bucket_id, folder key, name) (schema.ts)
// holds a folder's files as one key value in name order, and its sub-folders as key ranges. So:
//   - sub-folders come from a skip over the keys (one index probe per sub-folder, none per file), lazily, only as
//     many as the page needs, instead of a scan of every object under the folder;
//   - the page is first chosen on names alone (an index-only scan when sorted by name), then only its rows are
//     read from the table and formatted, instead of carrying every skipped row through the offset.
import type { StorageObjectEntry } from '../../src/api/schemas/storage.ts';
import { SORT_COLUMNS } from '../../src/api/schemas/storage.ts';
import { folderPrefix } from './names.ts';
import type { StorageProject } from './project.ts';
import { folderKeySql } from './schema.ts';
import { drainTrashIfQueued } from './trash.ts';

export interface ListOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  search?: string | undefined;
  sortBy?: { column?: string | undefined; order?: string | undefined } | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

// $1 bucket, $2 prefix ('' or 'a/b/'), $3 prefix length, $4 search pattern or null, $5 limit + offset, $6 limit,
// $7 offset, $8 whether the search holds a '/'.
const KEY = folderKeySql('o.name');
const PREFIX_KEY = folderKeySql('$2::text collate "C"');
/** The key just above (asc) or at the start (desc) of the subtree of the sub-folder `segment`. */
const subtreeBound = (segment: string, last: 'chr(2)' | 'chr(1)') =>
  `${PREFIX_KEY} || replace(${segment}, chr(1), chr(1) || chr(2)) || chr(1) || ${last}`;
const SEGMENT = `split_part(substr(o.name, $3 + 1), '/', 1)`;
const UNDER_PREFIX = `o.bucket_id = $1 and ${KEY} > ${PREFIX_KEY} and starts_with(${KEY}, ${PREFIX_KEY})`;

/** Sub-folders of the prefix, by name, one index probe each (a recursive skip over the folder keys). */
function subFoldersSql(order: 'asc' | 'desc'): string {
  const next = order === 'asc' ? `${KEY} >= ${subtreeBound('f.name', 'chr(2)')}` : `${KEY} < ${subtreeBound('f.name', 'chr(1)')}`;
  return `folders(name) as (
      (select ${SEGMENT} from storage.objects o where ${UNDER_PREFIX} order by ${KEY} ${order} limit 1)
      union all
      select n.name from folders f, lateral (
        select ${SEGMENT} as name from storage.objects o where ${UNDER_PREFIX} and ${next} order by ${KEY} ${order} limit 1) n)`;
}

// A search matches a sub-folder when some name under it matches (what a scan of those names would give): with no
// '/' in the search that is the folder's own name matching; otherwise the names under the folder are looked at.
const FOLDER_MATCHES = `($4::text is null or case when $8 then exists (
    select 1 from storage.objects o
     where o.bucket_id = $1 and o.name >= $2 || f.name || '/' and o.name < $2 || f.name || '0'
       and substr(o.name, $3 + 1) ilike $4)
  else f.name ilike $4 end)`;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function listFolderSql(column: string, order: 'asc' | 'desc'): string {
  const fileOrder = column === 'name' ? `o.name ${order}` : `o.${column} ${order}, o.name ${order}`;
  // (Postgres appends the two branches of a UNION ALL in order: folders, then files.)
  return `
    with recursive ${subFoldersSql(order)},
    page as (
      select row_number() over () as n, chosen.name, chosen.full_name
        from ((select f.name, null::text as full_name from folders f where ${FOLDER_MATCHES} limit $5)
              union all
              (select substr(o.name, $3 + 1), o.name from storage.objects o
                where o.bucket_id = $1 and ${KEY} = ${PREFIX_KEY} and ($4::text is null or substr(o.name, $3 + 1) ilike $4)
                order by ${fileOrder} limit $5)
              limit $6 offset $7) chosen)
    select page.name, o.id, ${iso('o.created_at')} as created_at, ${iso('o.updated_at')} as updated_at,
           ${iso('o.last_accessed_at')} as last_accessed_at, o.metadata
      from page
      -- one look-up by the unique (bucket_id, name) index per row shown ('limit 1' keeps it a look-up: joined
      -- freely, a big folder's page would be hashed against a scan of the table)
      left join lateral (select * from storage.objects o where o.bucket_id = $1 and o.name = page.full_name limit 1) o on true
     order by page.n`;
}

export async function listFolder(project: StorageProject, bucketId: string, path: string, options: ListOptions = {}): Promise<StorageObjectEntry[]> {
  const prefix = folderPrefix(path);
  await drainTrashIfQueued(project);
  const limit = options.limit ?? 100;
  const offset = options.offset ?? 0;
  const column = (SORT_COLUMNS as readonly string[]).includes(options.sortBy?.column ?? '') ? options.sortBy!.column! : 'name';
  const order = options.sortBy?.order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const search = options.search ? `${escapeLike(options.search)}%` : null;
  const { rows } = await project.pool.query<StorageObjectEntry>(listFolderSql(column, order), [
    bucketId,
    prefix,
    [...prefix].length, // code points, as Postgres counts characters
    search,
    limit + offset,
    limit,
    offset,
    options.search?.includes('/') ?? false,
  ]);
  return rows;
}
