// The grid's page SQL (spec B2.1, B9: 100 rows per page) with KEYSET pagination: the rows are ordered by the user's
// sort plus a tie-breaker that makes the order total, and the next page is "the rows after the last one shown",
// so a page deep in a 1,000,000-row table costs what the first one does (an `offset 900000` reads and drops
// 900,000 rows: ~100–200 ms; a keyset page ~2 ms).
//
// Tie-breaker: the primary key; a table without one uses `ctid` (the row's physical address — unique and
// ordered within one table, so fine for paging, though it changes when the row is updated); a relation with
// neither (views, partitioned tables without a key: ctid repeats across partitions) falls back to offsets.
//
// Values travel as text: the cursor columns are selected `::text` and bound back as untyped parameters, so
// Postgres parses them with the column's own input function — no precision lost (timestamps, numerics, int8).
// Large text/json/bytea cells are cut on the wire to CELL_WIRE_CHARS with a flag, and expanded on demand.
import { ident, paramsBinder, qualified, whereSql, type RowKey, type Statement, type ValueBinder } from './sql.ts';
import type { ColumnInfo, Row, RowFilter, RowSort, TableMeta } from './types.ts';

/** Rows per page. spec B9 */
export const ROWS_PAGE_SIZE = 100;
/** Characters of a big cell sent to the grid; the rest is fetched when the cell is expanded. */
export const CELL_WIRE_CHARS = 1024;
/** Column types whose values can be big: cut to CELL_WIRE_CHARS on the wire. */
const CUT_FORMATS = new Set(['text', 'varchar', 'bpchar', 'json', 'jsonb', 'bytea', 'xml', 'tsvector']);

export const isCutColumn = (column: ColumnInfo): boolean => CUT_FORMATS.has(column.format) || column.format.startsWith('_');

export interface OrderKey {
  column: string;
  ascending: boolean;
  /** Whether NULLs can occur (decides whether the keyset condition needs its NULL branches). */
  nullable: boolean;
}

export interface PagePlan {
  /** The full ORDER BY: the user's sort, then the tie-breaker. */
  order: OrderKey[];
  /** Keyset paging possible (a primary key or ctid ends the order); otherwise pages use offsets. */
  keyset: boolean;
  /** The columns that identify a row for edits and expansion: the primary key, ['ctid'], or none. */
  identity: string[];
}

const rowAddressable = (meta: TableMeta) => meta.type === 'r' || meta.type === 'm';

export function pagePlan(meta: TableMeta, sorts: readonly RowSort[]): PagePlan {
  const columns = new Map(meta.columns.map((column) => [column.name, column]));
  const order: OrderKey[] = sorts
    .filter((sort) => columns.has(sort.column))
    .map((sort) => ({ column: sort.column, ascending: sort.ascending, nullable: columns.get(sort.column)!.is_nullable }));
  // The tie-breaker follows the last sort's direction: one direction throughout allows a row comparison.
  const ascending = order.at(-1)?.ascending ?? true;
  const identity = meta.primary_keys.length > 0 ? [...meta.primary_keys] : rowAddressable(meta) ? ['ctid'] : [];
  for (const column of identity) {
    if (!order.some((key) => key.column === column)) order.push({ column, ascending, nullable: false });
  }
  return { order, keyset: identity.length > 0, identity };
}

/** `asc nulls last` / `desc nulls first` spelled out: the keyset condition below relies on exactly this order. */
export const orderSql = (order: readonly OrderKey[], relation?: string): string =>
  order.length === 0 ? '' : ` order by ${order.map((key) => `${relation ? `${relation}.` : ''}${ident(key.column)} ${key.ascending ? 'asc nulls last' : 'desc nulls first'}`).join(', ')}`;

/** A cursor: the order key values of one row, as text (null for NULL). */
export type Cursor = ReadonlyArray<string | null>;

/**
 * The rows strictly after `cursor` in `order`. With one direction and no NULLs possible it is a row comparison
 * (`(a, id) > ($1, $2)`, which an index on (a, id) answers directly); otherwise the expanded form
 * `a after v0 or (a = v0 and id after v1) …`, with NULLs placed as the ORDER BY places them.
 */
export function afterCondition(order: readonly OrderKey[], cursor: Cursor, binder: ValueBinder): string {
  if (order.length === 0 || cursor.length !== order.length) throw new Error('A cursor needs one value per order key');
  const bound = cursor.map((value) => (value === null ? null : binder.bind(value)));
  const sameDirection = order.every((key) => key.ascending === order[0]!.ascending);
  if (sameDirection && order.every((key) => !key.nullable) && bound.every((value) => value !== null)) {
    const columns = order.map((key) => ident(key.column)).join(', ');
    return `(${columns}) ${order[0]!.ascending ? '>' : '<'} (${bound.join(', ')})`;
  }
  const terms: string[] = [];
  for (let i = 0; i < order.length; i += 1) {
    const after = afterOne(order[i]!, bound[i]!);
    if (after === null) continue;
    const equal = order.slice(0, i).map((key, j) => (bound[j] === null ? `${ident(key.column)} is null` : `${ident(key.column)} = ${bound[j]}`));
    terms.push(equal.length === 0 ? after : `(${[...equal, after].join(' and ')})`);
  }
  return terms.length === 0 ? 'false' : `(${terms.join(' or ')})`;
}

/** "This column comes after the value" under asc nulls last / desc nulls first; null when nothing can. */
function afterOne(key: OrderKey, value: string | null): string | null {
  const column = ident(key.column);
  if (key.ascending) {
    if (value === null) return null; // NULLs come last: nothing after them on this column
    return key.nullable ? `(${column} > ${value} or ${column} is null)` : `${column} > ${value}`;
  }
  if (value === null) return `${column} is not null`; // NULLs come first: every value follows
  return `${column} < ${value}`;
}

/** Where a page starts: the first page, after a row, or (no keyset, or locating a jump) at an offset. */
export type PageStart = { after: Cursor | null } | { offset: number };

function selectList(meta: TableMeta, plan: PagePlan): string {
  const cells = meta.columns.map((column, i) => {
    const name = ident(column.name);
    if (!isCutColumn(column)) return `${name} as c${i}`;
    return `left(${name}::text, ${CELL_WIRE_CHARS}) as c${i}, length(${name}::text) > ${CELL_WIRE_CHARS} as t${i}`;
  });
  const cursor = plan.keyset ? plan.order.map((key, i) => `${ident(key.column)}::text as k${i}`) : [];
  return [...cells, ...cursor].join(', ') || 'null as empty';
}

/** One page of rows: selected under positional aliases (c0…, t0…, k0…) so no column name can clash. */
export function pageSql(meta: TableMeta, plan: PagePlan, filters: readonly RowFilter[], start: PageStart, limit = ROWS_PAGE_SIZE): Statement {
  const parameters: unknown[] = [];
  const binder = paramsBinder(parameters);
  const filtered = whereSql(filters, binder);
  const filterTerm = filtered ? `(${filtered.slice(' where '.length)})` : null;
  // Order and limit raw rows in a subquery, and compute the cells (casts, cuts, cursor text) of the kept page only:
  // in one select Postgres evaluates the select list below the sort, for every row of the table — a sort by an
  // unindexed column of 1M rows spent ~720 ms casting and cutting cells it then dropped (issue 25). The same holds
  // for the rows an offset skips. `ctid` is a system column, not in `*`: the tie-breaker without a key adds it.
  const raw = plan.identity.includes('ctid') ? '*, ctid' : '*';
  const relation = qualified(meta.schema, meta.name);
  const limitSql = ` limit ${binder.bind(limit)}`;
  const select = (conditions: Array<string | null>, order: readonly OrderKey[]) => {
    const kept = conditions.filter((condition): condition is string => condition !== null);
    return `select ${raw} from ${relation}${kept.length ? ` where ${kept.join(' and ')}` : ''}${orderSql(order)}${limitSql}`;
  };
  let inner: string;
  if ('offset' in start) {
    const skip = start.offset > 0 ? ` offset ${binder.bind(start.offset)}` : '';
    inner = select([filterTerm], plan.order) + skip;
  } else if (plan.order[0]?.nullable && (meta.indexed_columns ?? []).includes(plan.order[0].column)) {
    // Only with an index on that column: without one each zone is a scan of the whole table, twice the one scan
    // (and top-N sort) of the single query (issue 25: a sort by an unindexed nullable int on 1M rows).
    inner = zonedPage(plan.order, start.after, binder, (conditions, order) => select([filterTerm, ...conditions], order), limitSql);
  } else {
    inner = select([filterTerm, start.after ? keysetCondition(plan.order, start.after, binder) : null], plan.order);
  }
  // The outer ORDER BY re-sorts the ≤ limit rows kept (a subquery's order is not promised to survive the select),
  // naming `page.` columns: a bare name there would first match an output alias (a user column called "c0").
  return { query: `select ${selectList(meta, plan)} from (${inner}) page${orderSql(plan.order, 'page')}`, parameters };
}

/**
 * The rows after `cursor`, with a plain range on the first key in front (`a >= v0` ascending, `a <= v0` descending)
 * when its value is not NULL: the row comparison or the expanded OR alone is no index condition, and an index on
 * the sorted column was then read from its start — a keyset page at row 500,000 of 1M rows took 400–700 ms instead
 * of a few (issue 25). Not for an ascending first key that can be NULL (its NULLs come after every value), unless
 * only its values are read (the non-NULL zone of zonedPage).
 */
function keysetCondition(order: readonly OrderKey[], cursor: Cursor, binder: ValueBinder, valuesOnly = false): string {
  const after = afterCondition(order, cursor, binder);
  const first = cursor[0];
  // Ascending, NULLs come last, after every value: the bound would drop them unless only values are read.
  if (first === null || first === undefined || (order[0]!.nullable && order[0]!.ascending && !valuesOnly)) return after;
  return `${ident(order[0]!.column)} ${order[0]!.ascending ? '>=' : '<='} ${binder.bind(first)} and ${after}`;
}

/**
 * A page when the first order key can be NULL and leads an index, as two zones read apart and appended: its non-NULL rows in the full
 * order, and its NULL rows (all equal on that key) in the order of the other keys — after the values ascending
 * (nulls last), before them descending (nulls first). Each zone is then one index range: an OR with `is null`
 * made Postgres read the sorted column's index from its start (issue 25: ~1.5 s for a keyset page on 1M rows), and
 * a first page descending sorted the whole NULL group by the tie-breaker before returning a row.
 */
function zonedPage(
  order: readonly OrderKey[],
  cursor: Cursor | null,
  binder: ValueBinder,
  select: (conditions: Array<string | null>, order: readonly OrderKey[]) => string,
  limitSql: string,
): string {
  const [lead, ...rest] = order as [OrderKey, ...OrderKey[]];
  const column = ident(lead.column);
  const nullsFirst = !lead.ascending;
  const inNullZone = cursor !== null && cursor[0] === null;
  const branches: string[] = [];
  // The zone of values: skipped when the cursor is among the NULLs that come after them.
  if (!(inNullZone && !nullsFirst)) {
    const after = cursor !== null && !inNullZone ? keysetCondition(order, cursor, binder, true) : null;
    branches.push(select([`${column} is not null`, after], order));
  }
  // The zone of NULLs: skipped when the cursor is among the values that come after them.
  if (!(cursor !== null && !inNullZone && nullsFirst)) {
    const after = inNullZone && rest.length > 0 ? afterCondition(rest, cursor.slice(1), binder) : null;
    branches.push(select([`${column} is null`, after], rest));
  }
  if (branches.length === 1) return branches[0]!;
  return `select * from ((${branches.join(') union all (')})) zones${orderSql(order, 'zones')}${limitSql}`;
}

/**
 * The statement of the grid's first page for this view: what the rows machine's first fetch sends, what the table
 * route's loader prefetches, and what the platform's one-call table open runs (issue 25) — one function, so the
 * three send exactly the same statement.
 */
export function firstPageStatement(meta: TableMeta, sorts: readonly RowSort[], filters: readonly RowFilter[]): Statement {
  const plan = pagePlan(meta, sorts);
  return pageSql(meta, plan, filters, plan.keyset ? { after: null } : { offset: 0 }, ROWS_PAGE_SIZE);
}

/**
 * The cursor of the row just before `offset`, reading only the order key columns: with an index on them this is
 * an index-only scan, several times cheaper than an offset over whole rows. The page then starts after it.
 */
export function cursorAtSql(meta: TableMeta, plan: PagePlan, filters: readonly RowFilter[], offset: number): Statement {
  const parameters: unknown[] = [];
  const binder = paramsBinder(parameters);
  // The key columns bare in the scan (an index-only scan, nothing computed for the skipped rows), cast outside.
  const inner = plan.order.map((key, i) => `${ident(key.column)} as k${i}`).join(', ');
  const keys = plan.order.map((_, i) => `k${i}::text as k${i}`).join(', ');
  const query =
    `select ${keys} from (select ${inner} from ${qualified(meta.schema, meta.name)}${whereSql(filters, binder)}${orderSql(plan.order)}` +
    ` limit 1 offset ${binder.bind(Math.max(0, offset - 1))}) located`;
  return { query, parameters };
}

/** A row as the grid holds it. */
export interface GridRow {
  values: Row;
  /** Columns whose value was cut on the wire. */
  truncated: string[];
  /** The order key values (keyset paging), null without keyset. */
  cursor: Cursor | null;
  /** The row's identity for edits and expansion (primary key values, or { ctid }), null when it has none. */
  key: RowKey | null;
}

/** Maps positional aliases back to column names. */
export function readRows(meta: TableMeta, plan: PagePlan, raw: readonly Record<string, unknown>[]): GridRow[] {
  return raw.map((record) => {
    const values: Row = {};
    const truncated: string[] = [];
    meta.columns.forEach((column, i) => {
      values[column.name] = record[`c${i}`] ?? null;
      if (record[`t${i}`] === true) truncated.push(column.name);
    });
    const cursor = plan.keyset ? plan.order.map((_, i) => (record[`k${i}`] ?? null) as string | null) : null;
    let key: RowKey | null = null;
    if (cursor && plan.identity.length > 0) {
      key = {};
      for (const column of plan.identity) key[column] = cursor[plan.order.findIndex((order) => order.column === column)];
    }
    return { values, truncated, cursor, key };
  });
}

/** The whole value of one cell, by the row's identity (for the expand panels). */
export function cellValueSql(meta: TableMeta, column: string, key: RowKey): Statement {
  const parameters: unknown[] = [];
  const conditions = Object.entries(key).map(([name, value]) => `${ident(name)} = $${parameters.push(value)}`);
  return { query: `select ${ident(column)}::text as value from ${qualified(meta.schema, meta.name)} where ${conditions.join(' and ')}`, parameters };
}
