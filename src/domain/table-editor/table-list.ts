// The table list of the table editor (spec B2.1, B3, B7, B9): one statement, run through the project query
// endpoint, that returns a page of relations and the count for the query. Everything the user chooses (schemas,
// search, types, sort, page) goes as bind parameters; no identifier or value is spliced into the text.
import { TABLE_TAB_TYPES, type TableTabType } from '../editor-tabs.ts';
import type { Statement } from './sql.ts';
import type { TableEntity, TableListPage } from './types.ts';

/** Table list page size. spec B9 ("Table list page size: 100"), B7 ("limit (default 100)") */
export const TABLE_LIST_PAGE_SIZE = 100;

/** The schema shown when none is chosen. spec B9 ("Default schema: public") */
export const DEFAULT_SCHEMA = 'public';

/** Sort preference of the table list. spec B2.1 ("'alphabetical' (default) or by type") */
export const TABLE_LIST_SORTS = ['alphabetical', 'type'] as const;
export type TableListSort = (typeof TABLE_LIST_SORTS)[number];
export const DEFAULT_TABLE_LIST_SORT: TableListSort = 'alphabetical';
export const TABLE_LIST_SORT_LABELS: Record<TableListSort, string> = { alphabetical: 'Alphabetical', type: 'By type' };

/** By type, the order is table, view, materialized view, foreign table, partitioned table. spec B2.1 */
export const TABLE_TYPE_ORDER: readonly TableTabType[] = TABLE_TAB_TYPES;

/** What each relkind is called in the list. spec B3 */
export const TABLE_TYPE_LABELS: Record<TableTabType, string> = {
  r: 'Table',
  v: 'View',
  m: 'Materialized view',
  f: 'Foreign table',
  p: 'Partitioned table',
};

export const isTableListSort = (value: unknown): value is TableListSort =>
  typeof value === 'string' && (TABLE_LIST_SORTS as readonly string[]).includes(value);

export const isTableType = (value: unknown): value is TableTabType =>
  typeof value === 'string' && (TABLE_TAB_TYPES as readonly string[]).includes(value);

/** The list's parameters. spec B7: schemas (default public), search, limit (default 100), page offset, sort, filterTypes. */
export interface TableListQuery {
  schemas?: readonly string[];
  search?: string;
  limit?: number;
  offset?: number;
  sort?: TableListSort;
  /** Empty or absent: every type. */
  filterTypes?: readonly TableTabType[];
}

// $1 schemas, $2 search ('' = none), $3 types ('{}' = all), $4 sort, $5 type order, $6 limit, $7 offset.
// The search is a case-insensitive "contains" through strpos, so %, _ and \ typed by the user are plain characters.
// One row always comes back (also for an offset past the end), so the count is never lost with an empty page.
const TABLE_LIST_SQL = `with matched as (
  select c.oid::int as id, n.nspname as schema, c.relname as name, c.relkind::text as type,
    obj_description(c.oid, 'pg_class') as comment, c.relrowsecurity as rls_enabled
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p')
    and n.nspname = any($1::text[])
    and ($2::text = '' or strpos(lower(c.relname), lower($2::text)) > 0)
    and (cardinality($3::text[]) = 0 or c.relkind::text = any($3::text[]))
), page as (
  select * from matched
  order by case when $4::text = 'type' then array_position($5::text[], type) else 0 end, name, schema, id
  limit $6::int offset $7::int
)
select (select count(*)::int from matched) as count,
  coalesce((select json_agg(page) from page), '[]'::json) as entities`;

function cleanLimit(limit: number | undefined): number {
  return limit !== undefined && Number.isInteger(limit) && limit > 0 ? limit : TABLE_LIST_PAGE_SIZE;
}

function cleanOffset(offset: number | undefined): number {
  return offset !== undefined && Number.isInteger(offset) && offset > 0 ? offset : 0;
}

/** The table list statement for a query; defaults from spec B7/B9 fill what is missing. */
export function tableListStatement(query: TableListQuery = {}): Statement {
  const schemas = query.schemas && query.schemas.length > 0 ? [...query.schemas] : [DEFAULT_SCHEMA];
  const types = (query.filterTypes ?? []).filter(isTableType);
  return {
    query: TABLE_LIST_SQL,
    parameters: [
      schemas,
      (query.search ?? '').trim(),
      [...new Set(types)],
      query.sort ?? DEFAULT_TABLE_LIST_SORT,
      [...TABLE_TYPE_ORDER],
      cleanLimit(query.limit),
      cleanOffset(query.offset),
    ],
  };
}

/** Reads the statement's one row into a page; anything malformed gives an empty page rather than a crash. */
export function parseTableListRows(rows: readonly Record<string, unknown>[]): TableListPage {
  const row = rows[0];
  if (!row) return { entities: [], count: 0 };
  const count = Number(row.count);
  const raw = Array.isArray(row.entities) ? row.entities : [];
  const entities: TableEntity[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    if (typeof e.id !== 'number' || typeof e.name !== 'string' || typeof e.schema !== 'string' || !isTableType(e.type)) continue;
    entities.push({
      id: e.id,
      schema: e.schema,
      name: e.name,
      type: e.type,
      comment: typeof e.comment === 'string' ? e.comment : null,
      rls_enabled: e.rls_enabled === true,
    });
  }
  return { entities, count: Number.isFinite(count) && count >= 0 ? count : entities.length };
}

/**
 * The schemas the list shows, in the editor's `?schema=` (spec B2.1: 'the selected schemas (default schema public)').
 * One schema is its plain name, as the spec's route writes it; several are joined by commas, with `%` and `,` inside a
 * name percent-escaped (as the grid's sort and filter are, src/domain/table-editor/url.ts).
 */
export function serializeSchemaList(schemas: readonly string[]): string | undefined {
  if (schemas.length === 0) return undefined;
  return schemas.map((schema) => schema.replace(/%/g, '%25').replace(/,/g, '%2C')).join(',');
}

/** `?schema=` → the selected schemas: empty parts, repeats and broken escapes dropped; none gives public. */
export function parseSchemaList(value: unknown): string[] {
  const schemas: string[] = [];
  if (typeof value === 'string') {
    for (const part of value.split(',')) {
      let schema: string;
      try {
        schema = decodeURIComponent(part);
      } catch {
        continue;
      }
      if (schema !== '' && !schemas.includes(schema)) schemas.push(schema);
    }
  }
  return schemas.length > 0 ? schemas : [DEFAULT_SCHEMA];
}

/** The URL of a table tab (the grid route), with its schema. spec B2.1 */
export const tableHref = (projectRef: string, entity: Pick<TableEntity, 'id'>): string =>
  `/project/${projectRef}/editor/${entity.id}`;

/** The editor home. spec B2.1 ("When the last table tab is closed the user goes to /project/{ref}/editor") */
export const editorHomeHref = (projectRef: string): string => `/project/${projectRef}/editor`;

/** Local-storage key of the table list's sort preference, per project. */
export const tableListSortStorageKey = (projectRef: string): string => `strata.table-list.sort.${projectRef}`;

/** A stored sort, or the default when storage holds nothing usable. */
export const readTableListSort = (raw: string | null | undefined): TableListSort => (isTableListSort(raw) ? raw : DEFAULT_TABLE_LIST_SORT);
