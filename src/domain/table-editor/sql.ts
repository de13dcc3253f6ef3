// SQL text for the table editor. Identifiers and literals are quoted only by @scaleleap/pg-format's `ident` and
// `literal`; values go as bind parameters wherever the statement allows them (the project query endpoint takes
// `parameters`). COPY and DDL cannot take parameters: there `literal` quotes the value.
import { ident as pgIdent, literal as pgLiteral } from '@scaleleap/pg-format';
import type { FilterOperator, Row, RowFilter, RowSort } from './types.ts';

// pg-format tests `value instanceof Buffer`, which throws in the browser (no Buffer there). For the length of one
// synchronous call a class nothing is an instance of stands in, so the test is false and no other code sees it.
class NoBuffer {}
function withBuffer(quote: () => string): string {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer !== undefined) return quote();
  scope.Buffer = NoBuffer;
  try {
    return quote();
  } finally {
    delete scope.Buffer;
  }
}
export const ident = (value: unknown): string => withBuffer(() => pgIdent(value));
export const literal = (value: unknown): string => withBuffer(() => pgLiteral(value));

/** "schema"."name", each part quoted. */
export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;

/**
 * How a value gets into the statement: `params` appends it to a parameter list and returns its `$n`;
 * `inline` quotes it as a literal (for COPY, which takes no parameters).
 */
export interface ValueBinder {
  bind(value: unknown): string;
}

export function paramsBinder(params: unknown[]): ValueBinder {
  return { bind: (value) => `$${params.push(value)}` };
}

export const inlineBinder: ValueBinder = { bind: (value) => literal(value) };

const COMPARISONS: Partial<Record<FilterOperator, string>> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

const IS_SQL: Record<string, string> = { null: 'is null', 'not null': 'is not null', true: 'is true', false: 'is false' };

/** One filter as a boolean SQL expression; throws a user-readable Error on a value the operator cannot take. */
export function filterCondition(filter: RowFilter, binder: ValueBinder): string {
  const column = ident(filter.column);
  const comparison = COMPARISONS[filter.operator];
  if (comparison) return `${column} ${comparison} ${binder.bind(filter.value)}`;
  switch (filter.operator) {
    case 'like':
      return `${column}::text like ${binder.bind(filter.value)}`;
    case 'ilike':
      return `${column}::text ilike ${binder.bind(filter.value)}`;
    case 'is': {
      const sql = IS_SQL[filter.value.trim().toLowerCase()];
      if (!sql) throw new Error(`'is' takes null, not null, true or false, not '${filter.value}'`);
      return `${column} ${sql}`;
    }
    case 'in': {
      const values = filter.value.split(',').map((value) => value.trim()).filter((value) => value !== '');
      if (values.length === 0) return 'false';
      // Compared as text, so values of any column type read the same; one bound value each, so the inline binder
      // (COPY) and bind parameters give the same condition (issue 13.9: an array bound inline was not an array).
      return `${column}::text in (${values.map((value) => binder.bind(value)).join(', ')})`;
    }
    default:
      throw new Error(`Unknown filter operator '${String(filter.operator)}'`);
  }
}

/** ' where a and b' (with its leading space), or '' with no filters. */
export function whereSql(filters: readonly RowFilter[], binder: ValueBinder): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => filterCondition(filter, binder)).join(' and ')}`;
}

/** ' order by …' (with its leading space), or '' with no sort. */
export function orderBySql(sorts: readonly RowSort[]): string {
  if (sorts.length === 0) return '';
  return ` order by ${sorts.map((sort) => `${ident(sort.column)} ${sort.ascending ? 'asc' : 'desc'}`).join(', ')}`;
}

/** `select * from t where … order by …` for an export (values inlined: COPY takes no parameters). */
export function exportSelectSql(schema: string, table: string, filters: readonly RowFilter[], sorts: readonly RowSort[]): string {
  return `select * from ${qualified(schema, table)}${whereSql(filters, inlineBinder)}${orderBySql(sorts)}`;
}

/** A row's identity: its primary-key values (or all its values when the table has no key). */
export type RowKey = Record<string, unknown>;

function keyCondition(key: RowKey, params: unknown[]): string {
  const names = Object.keys(key);
  if (names.length === 0) throw new Error('A row needs a key to be changed');
  return names
    .map((name) => (key[name] === null ? `${ident(name)} is null` : `${ident(name)} = $${params.push(key[name])}`))
    .join(' and ');
}

export interface Statement {
  query: string;
  parameters: unknown[];
}

/** insert … returning *; columns left out take their defaults. */
export function insertRowSql(schema: string, table: string, values: Row): Statement {
  const names = Object.keys(values);
  if (names.length === 0) return { query: `insert into ${qualified(schema, table)} default values returning *`, parameters: [] };
  const parameters: unknown[] = [];
  const placeholders = names.map((name) => `$${parameters.push(values[name])}`);
  return {
    query: `insert into ${qualified(schema, table)} (${names.map((name) => ident(name)).join(', ')}) values (${placeholders.join(', ')}) returning *`,
    parameters,
  };
}

/** update … where key returning *. */
export function updateRowSql(schema: string, table: string, key: RowKey, values: Row): Statement {
  const names = Object.keys(values);
  if (names.length === 0) throw new Error('Nothing to update');
  const parameters: unknown[] = [];
  const sets = names.map((name) => `${ident(name)} = $${parameters.push(values[name])}`);
  return {
    query: `update ${qualified(schema, table)} set ${sets.join(', ')} where ${keyCondition(key, parameters)} returning *`,
    parameters,
  };
}

/** delete the rows with these keys (or, with `all`, every row the filters select). */
export function deleteRowsSql(
  schema: string,
  table: string,
  target: { keys: readonly RowKey[] } | { all: true; filters: readonly RowFilter[] },
): Statement {
  const parameters: unknown[] = [];
  if ('all' in target) {
    return { query: `delete from ${qualified(schema, table)}${whereSql(target.filters, paramsBinder(parameters))}`, parameters };
  }
  if (target.keys.length === 0) throw new Error('No rows to delete');
  const conditions = target.keys.map((key) => `(${keyCondition(key, parameters)})`);
  return { query: `delete from ${qualified(schema, table)} where ${conditions.join(' or ')}`, parameters };
}
