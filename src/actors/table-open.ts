// The table editor's route loaders (spec B2.1; issue 25). Their routes keep the loaders in the route tree (vite.config
// EAGER_LOADER_ROUTES) and load this module when they run, so opening a table reads its schema names, columns and
// first page while the editor's code is still arriving, instead of after every chunk the editor imports has loaded
// (a loader split into the component's chunk could only run once that chunk's whole import graph was in: ≈30
// chunks in two waves on the peer bench's table).
import { ApiError } from '../api/client.ts';
import { fetchSchemas, fetchTableMeta, type openTable } from '../api/table-editor.ts';
import { parentSaysPaused } from '../domain/paused-editors.ts';
import type { TableMeta } from '../domain/table-editor/types.ts';
import { firstPageStatement } from '../domain/table-editor/rows.ts';
import { knownColumns, parseFilters, parseSorts } from '../domain/table-editor/url.ts';
import { str } from '../search-params.ts';
import { seedFirstRows } from './table-rows-prefetch.ts';

type ParentMatch = Promise<{ loaderData?: unknown }>;

/** The project's schema names (sorted), or why they could not be read: a failure shows in the list, not as a broken page. */
export interface SchemaNames {
  schemas: string[] | null;
  error: string | null;
}

function readSchemaNames(ref: string): Promise<SchemaNames> {
  return fetchSchemas(ref).then(
    (schemas) => ({ schemas: schemas.map((schema) => schema.name).sort(), error: null }),
    (error: unknown) => ({ schemas: null, error: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * A read the page does not wait for, with its value once it has come: a view rendered after it came (the usual case
 * on a table's first load, whose schema names arrive with the page's code) shows it at once, instead of rendering
 * without it and again a task later (issue 25).
 */
export interface PendingRead<T> {
  promise: Promise<T>;
  settled: { value: T } | null;
}

export function pendingRead<T>(promise: Promise<T>): PendingRead<T> {
  const read: PendingRead<T> = { promise, settled: null };
  // A failure is the caller's to handle on `promise`; this follower only keeps a value.
  promise.then(
    (value) => {
      read.settled = { value };
    },
    () => {},
  );
  return read;
}

export interface EditorFrameData {
  schemas: PendingRead<SchemaNames> | null;
  paused: boolean;
}

/**
 * The editor frame: a paused project shows its paused card, not the editor, and reads nothing from pg-meta (issue
 * 15). The schema names are not awaited: the table tab's loader waits for this one (for `paused`), and its table
 * and first rows are what the page shows first — the list's schema picker fills in when they come.
 */
export async function loadEditorFrame({ params, parentMatchPromise }: { params: { ref: string }; parentMatchPromise: ParentMatch }): Promise<EditorFrameData> {
  if (await parentSaysPaused(parentMatchPromise)) return { schemas: null, paused: true };
  return { schemas: pendingRead(readSchemaNames(params.ref)), paused: false };
}

export type LoadedTable = { meta: TableMeta; notFound: false; error: null } | { meta: null; notFound: boolean; error: string | null };

/**
 * A table tab: the table's columns, and on entering it the first page of its rows (adopted by the grid).
 *
 * Entering a table is one request (`opening`, sent by the route before this module is even loaded; issue 25): the
 * platform reads the columns and the first page together, so the page waits for one round trip instead of three in
 * a row (the project, then the columns, then the rows). It does not wait for the project's status either: for a
 * stopped database the platform answers `paused` without touching it, and the paused card stands in for the page
 * as before. A hover's preload (no `opening`) reads the columns only (the rows of a table merely pointed at are not
 * read), after the status, as does a reload of the columns while the grid is shown (the grid reads its rows itself
 * then).
 */
export async function loadTableTab(
  {
    params,
    location,
    parentMatchPromise,
  }: {
    params: { ref: string; tableId: string };
    location: { search: unknown };
    parentMatchPromise: ParentMatch;
  },
  opening: ReturnType<typeof openTable> | null,
): Promise<LoadedTable> {
  if (!/^\d+$/.test(params.tableId)) return { meta: null, notFound: true, error: null };
  const id = Number(params.tableId);
  // A paused project: no pg-meta read (issue 15); the paused card stands in for the page.
  if (await parentSaysPaused(parentMatchPromise)) return { meta: null, notFound: false, error: null };
  try {
    if (!opening) return { meta: await fetchTableMeta(params.ref, id), notFound: false, error: null };
    const opened = await opening;
    if (opened.paused) return { meta: null, notFound: false, error: null };
    const { meta, rows } = opened;
    if (rows) {
      const search = location.search as Record<string, unknown>;
      const names = meta.columns.map((column) => column.name);
      const statement = firstPageStatement(meta, knownColumns(parseSorts(str(search, 'sort')), names), knownColumns(parseFilters(str(search, 'filter')), names));
      seedFirstRows(params.ref, statement, rows);
    }
    return { meta, notFound: false, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { meta: null, notFound: true, error: null };
    return { meta: null, notFound: false, error: error instanceof Error ? error.message : String(error) };
  }
}
