// The grid's row count (issue 6): a big table shows the planner's estimate, a small one its exact count, like
// Supabase Studio (threshold 50,000 rows); the user can ask for the exact count (count(*) with the filters).
import { paramsBinder, qualified, whereSql, type Statement } from './sql.ts';
import type { RowFilter, TableMeta } from './types.ts';

/** Above this many rows (pg_class.reltuples) the count shown is an estimate. (Supabase Studio's threshold) */
export const EXACT_COUNT_THRESHOLD = 50_000;

export interface RowCount {
  value: number;
  exact: boolean;
}

/**
 * One round trip: the table's current reltuples, and — only when that is small or unknown (-1: never analysed) —
 * the exact count. The scalar subquery sits in a CASE branch, so Postgres runs it only when the branch is taken.
 */
export function countSql(meta: TableMeta, filters: readonly RowFilter[]): Statement {
  const parameters: unknown[] = [];
  const binder = paramsBinder(parameters);
  const where = whereSql(filters, binder);
  // The relation by its name, not by meta.id: a read replica (spec B2.3) has the same tables under other oids.
  const relation = binder.bind(qualified(meta.schema, meta.name));
  const threshold = binder.bind(EXACT_COUNT_THRESHOLD);
  const query =
    `select c.reltuples::bigint::text as estimate, case when c.reltuples < 0 or c.reltuples <= ${threshold}::real ` +
    `then (select count(*) from ${qualified(meta.schema, meta.name)}${where})::text end as exact ` +
    `from pg_catalog.pg_class c where c.oid = ${relation}::text::regclass`;
  return { query, parameters };
}

/** count(*) with the filters, whatever the size. */
export function exactCountSql(meta: TableMeta, filters: readonly RowFilter[]): Statement {
  const parameters: unknown[] = [];
  const query = `select count(*)::text as exact from ${qualified(meta.schema, meta.name)}${whereSql(filters, paramsBinder(parameters))}`;
  return { query, parameters };
}

/** The planner's estimate of the filtered rows (EXPLAIN's top plan node). */
export function filteredEstimateSql(meta: TableMeta, filters: readonly RowFilter[]): Statement {
  const parameters: unknown[] = [];
  const query = `explain (format json) select 1 from ${qualified(meta.schema, meta.name)}${whereSql(filters, paramsBinder(parameters))}`;
  return { query, parameters };
}

/** Reads EXPLAIN (FORMAT JSON) output as the query endpoint returns it; null when it is not that shape. */
export function planRows(raw: unknown): number | null {
  const first = Array.isArray(raw) ? (raw[0] as Record<string, unknown> | undefined) : undefined;
  let plan: unknown = first?.['QUERY PLAN'];
  if (typeof plan === 'string') {
    try {
      plan = JSON.parse(plan);
    } catch {
      return null;
    }
  }
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : null;
}

/** How the count reads: '1,234 rows' or '~1,000,000 rows (estimate)'. */
export function formatRowCount(count: RowCount): string {
  const value = count.value.toLocaleString('en-US');
  const noun = count.value === 1 ? 'row' : 'rows';
  return count.exact ? `${value} ${noun}` : `~${value} ${noun} (estimate)`;
}
