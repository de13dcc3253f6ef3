// The real `fetchPage` of the infinite list for the table editor's table list (spec B2.1, B7): the list statement
// run through the project query endpoint. The list machine's `statuses` carry the type filter (relkinds), its
// `sort` the sort preference, its `base` the project ref and the schema.
import { fromPromise } from 'xstate';
import { infiniteListMachine, type FetchPageInput, type FetchPageOutput } from '../../machines/infinite-list.machine.ts';
import { runSql } from '../api/table-editor.ts';
import { GENERIC_DEBOUNCE_MS } from '../domain/lists.ts';
import type { TableEntity } from '../domain/table-editor/types.ts';
import {
  DEFAULT_SCHEMA,
  isTableListSort,
  isTableType,
  parseTableListRows,
  tableListStatement,
} from '../domain/table-editor/table-list.ts';

type RunSql = typeof runSql;

/** Table list search debounce: the spec names no figure for it, so the generic one (spec C9). */
export const TABLE_LIST_SEARCH_DEBOUNCE_MS = GENERIC_DEBOUNCE_MS;

export function defineFetchTablesPage(run: RunSql = runSql) {
  return fromPromise<FetchPageOutput, FetchPageInput>(async ({ input, signal }): Promise<FetchPageOutput<TableEntity>> => {
    const projectRef = input.projectRef;
    if (typeof projectRef !== 'string' || projectRef === '') throw new Error('No project to list tables of');
    // The selected schemas (spec B2.1); an older caller's single `schema` still works.
    const listed = Array.isArray(input.schemas) ? input.schemas.filter((name): name is string => typeof name === 'string' && name !== '') : [];
    const single = typeof input.schema === 'string' && input.schema !== '' ? [input.schema] : [];
    const schemas = listed.length > 0 ? listed : single.length > 0 ? single : [DEFAULT_SCHEMA];
    const statement = tableListStatement({
      schemas,
      search: input.search,
      sort: isTableListSort(input.sort) ? input.sort : undefined,
      filterTypes: input.statuses.filter(isTableType),
      limit: input.limit,
      offset: input.offset,
    });
    // The machine stops a superseded fetch; aborting drops its request too.
    const page = parseTableListRows(await run(projectRef, statement, { signal }));
    return { items: page.entities, count: page.count };
  });
}

/** The infinite list wired to the project's database. */
export const tableListMachine = infiniteListMachine.provide({
  actors: { fetchPage: defineFetchTablesPage() },
  delays: { searchDebounce: TABLE_LIST_SEARCH_DEBOUNCE_MS },
});

/** The sort preference per project in local storage; a blocked storage only forgets it. */
export function readStoredTableListSort(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storeTableListSort(key: string, sort: string): void {
  try {
    window.localStorage.setItem(key, sort);
  } catch {
    // Not persisted: this visit keeps the sort chosen.
  }
}

/** Whether the table quickstart was dismissed (one global key, kept on sign-out: spec A4.11). */
export function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function storeFlag(key: string, value: boolean): void {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Not persisted: hidden for this visit only.
  }
}

/** The database chosen in the table editor's picker (spec B2.3), per project. */
export const tableEditorDatabaseKey = (projectRef: string): string => `strata.table-editor.database.${projectRef}`;

export function readStoredDatabase(projectRef: string): string | null {
  try {
    return window.localStorage.getItem(tableEditorDatabaseKey(projectRef));
  } catch {
    return null;
  }
}

export function storeDatabase(projectRef: string, identifier: string): void {
  try {
    window.localStorage.setItem(tableEditorDatabaseKey(projectRef), identifier);
  } catch {
    // Not persisted: this visit keeps the choice.
  }
}
