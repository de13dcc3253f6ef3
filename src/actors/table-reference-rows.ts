// The real `fetchPage` of the reference picker's infinite list (spec B2.1): pages of the referenced table's rows
// through the project query endpoint. The list's `base` carries the project ref and the referenced schema, table
// and column; its debounced search filters on the whole row.
import { fromPromise } from 'xstate';
import { infiniteListMachine, type FetchPageInput, type FetchPageOutput } from '../../machines/infinite-list.machine.ts';
import { runSql } from '../api/table-editor.ts';
import { GENERIC_DEBOUNCE_MS } from '../domain/lists.ts';
import { referenceRowsStatement } from '../domain/table-editor/reference-rows.ts';
import type { Row } from '../domain/table-editor/types.ts';

export function defineFetchReferenceRows(run: typeof runSql = runSql) {
  return fromPromise<FetchPageOutput, FetchPageInput>(async ({ input, signal }): Promise<FetchPageOutput<Row>> => {
    const { projectRef, schema, table, column } = input as FetchPageInput & Record<'projectRef' | 'schema' | 'table' | 'column', string>;
    const statement = referenceRowsStatement({ schema, table, column, search: input.search, limit: input.limit, offset: input.offset });
    const rows = await run<{ row: Row; total: string | number }>(projectRef, statement, { signal });
    return { items: rows.map((r) => r.row), count: rows.length > 0 ? Number(rows[0]!.total) : input.offset };
  });
}

export const referenceRowsMachine = infiniteListMachine.provide({
  actors: { fetchPage: defineFetchReferenceRows() },
  delays: { searchDebounce: GENERIC_DEBOUNCE_MS },
});
