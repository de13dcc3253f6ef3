// Real effects of the grid's rows machine (machines/table-rows.machine.ts): page, count, cell-save and paste SQL run
// through the project query endpoint. Each fetch passes the actor's abort signal: a load superseded by a sort,
// filter or refresh is stopped by the machine, and its HTTP request dropped with it.
import { fromPromise } from 'xstate';
import { selectImpersonation } from '../../machines/role-impersonation.selectors.ts';
import {
  tableRowsMachine,
  type FetchCountInput,
  type FetchRowsInput,
  type PasteRowsInput,
  type SaveCellInput,
  type SaveCellOutput,
} from '../../machines/table-rows.machine.ts';
import { runSql } from '../api/table-editor.ts';
import { cursorAtSql, pagePlan, pageSql, readRows, type Cursor, type PagePlan, type PageStart } from '../domain/table-editor/rows.ts';
import { countSql, exactCountSql, filteredEstimateSql, planRows, type RowCount } from '../domain/table-editor/row-count.ts';
import type { FetchedPage } from '../domain/table-editor/row-segments.ts';
import { updateRowSql } from '../domain/table-editor/sql.ts';
import { toQueryImpersonation, type QueryImpersonation } from '../domain/impersonation.ts';
import { adoptPrefetchedRows } from './table-rows-prefetch.ts';

type RunSql = typeof runSql;

export function defineTableRowsActors(ref: string, run: RunSql = runSql) {
  async function page(input: FetchRowsInput, plan: PagePlan, start: PageStart, signal: AbortSignal) {
    return readRows(input.table, plan, await run(ref, pageSql(input.table, plan, input.filters, start, input.limit), { signal }));
  }

  /** The cursor of the row before `offset` (null past the end), read from the order key columns only. */
  async function cursorAt(input: FetchRowsInput, plan: PagePlan, offset: number, signal: AbortSignal): Promise<Cursor | null> {
    const [anchor] = await run(ref, cursorAtSql(input.table, plan, input.filters, offset), { signal });
    return anchor ? plan.order.map((_, i) => (anchor[`k${i}`] ?? null) as string | null) : null;
  }

  /** A jump past the end of the table (the count was an estimate): the last page instead. */
  async function lastPage(input: FetchRowsInput, plan: PagePlan, signal: AbortSignal): Promise<FetchedPage> {
    const [counted] = await run<{ exact: string }>(ref, exactCountSql(input.table, input.filters), { signal });
    const offset = Math.max(0, Number(counted?.exact ?? 0) - input.limit);
    if (!plan.keyset || offset === 0) return { rows: await page(input, plan, plan.keyset ? { after: null } : { offset }, signal), offset, complete: true };
    const cursor = await cursorAt(input, plan, offset, signal);
    return { rows: cursor ? await page(input, plan, { after: cursor }, signal) : [], offset, complete: true };
  }

  const fetchRows = fromPromise<FetchedPage, FetchRowsInput>(async ({ input, signal }) => {
    const plan = pagePlan(input.table, input.sorts);
    const { request, limit } = input;
    if (!plan.keyset || request.kind === 'next' || request.offset === 0) {
      const start: PageStart = plan.keyset ? { after: request.kind === 'next' ? request.after : null } : { offset: request.offset };
      const rows = await page(input, plan, start, signal);
      if (rows.length === 0 && request.kind === 'jump' && request.offset > 0) return lastPage(input, plan, signal);
      return { rows, offset: request.offset, complete: rows.length < limit };
    }
    // A jump: locate the row before the position by the key alone, then a keyset page after it.
    const cursor = await cursorAt(input, plan, request.offset, signal);
    if (!cursor) return lastPage(input, plan, signal);
    const rows = await page(input, plan, { after: cursor }, signal);
    return { rows, offset: request.offset, complete: rows.length < limit };
  });

  const fetchCount = fromPromise<RowCount, FetchCountInput>(async ({ input, signal }) => {
    if (input.exact) {
      const [row] = await run<{ exact: string }>(ref, exactCountSql(input.table, input.filters), { signal });
      return { value: Number(row?.exact ?? 0), exact: true };
    }
    const [row] = await run<{ estimate: string; exact: string | null }>(ref, countSql(input.table, input.filters), { signal });
    if (!row) throw new Error('Table not found');
    if (row.exact !== null) return { value: Number(row.exact), exact: true };
    if (input.filters.length === 0) return { value: Number(row.estimate), exact: false };
    // A big table with filters: the planner's estimate of the filtered rows (count(*) could take seconds).
    const estimate = planRows(await run(ref, filteredEstimateSql(input.table, input.filters), { signal }));
    return { value: Math.round(estimate ?? Number(row.estimate)), exact: false };
  });

  const saveCell = fromPromise<SaveCellOutput, SaveCellInput>(async ({ input, signal }) => {
    const statement = updateRowSql(input.table.schema, input.table.name, input.key, { [input.column]: input.value });
    const [saved] = await run(ref, statement, { signal });
    if (!saved) throw new Error('The row was not updated: it no longer exists, or a policy hides it');
    return saved;
  });

  // A pasted range (issue 14): one begin/commit script (src/domain/tsv-paste.ts), as the role the rows are read as.
  // Not aborted: once sent, the transaction commits or rolls back whole on the server, and the grid is read again.
  // A minute: 10,000 pasted rows are one statement of a few MB.
  const pasteRows = fromPromise<unknown, PasteRowsInput>(({ input }) => run(ref, { query: input.query }, { timeout: 60_000 }));

  return { fetchRows, fetchCount, saveCell, pasteRows };
}

/** The rows machine with the real effects for one project. */
export const tableRowsLogic = (ref: string, run: RunSql = runSql) => tableRowsMachine.provide({ actors: defineTableRowsActors(ref, run) });

type ImpersonationSnapshot = Parameters<typeof selectImpersonation>[0];

/**
 * The grid's rows machine for one project, its reads and saves made as the role chosen in the role picker (spec
 * B2.7, read at each call) on the read replica chosen in the database picker (spec B2.3, `replica`, read at each
 * call; saves there fail with Postgres's read-only error), the first page adopted from the table route's prefetch (issue 25); and that role reader,
 * for the export. The page gets it once per project and impersonation actor.
 */
export function gridRowsLogic(ref: string, impersonation: { getSnapshot(): ImpersonationSnapshot }, replica: () => string | undefined = () => undefined) {
  const currentRole = (): QueryImpersonation | undefined =>
    toQueryImpersonation(selectImpersonation(impersonation.getSnapshot()), { ref, endpoint: '' }, Math.floor(Date.now() / 1000));
  return { logic: tableRowsLogic(ref, adoptPrefetchedRows(runSql, currentRole, replica)), currentRole };
}
