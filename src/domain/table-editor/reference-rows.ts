// The reference picker's page of rows (spec B2.1: choose a row of the referenced table for a foreign-key column):
// 100 rows a page (spec B9 rows per page), searched across the whole row as text, ordered by the referenced column.
import { ident, qualified, type Statement } from './sql.ts';

/** Rows per page of the picker. spec B9 (rows per page: 100) */
export const REFERENCE_PAGE_SIZE = 100;

export interface ReferenceQuery {
  schema: string;
  table: string;
  column: string;
  search: string;
  limit: number;
  offset: number;
}

/**
 * One page of rows plus the count of all matches (a window count, so one round trip). Every value is text
 * (issue 14.1): `to_jsonb(r)` made an int8 a JSON number, which JavaScript rounds beyond 2^53, so the picker
 * stored a neighbouring key. The referenced column is its exact `::text`, which the form binds back unchanged.
 */
export function referenceRowsStatement(q: ReferenceQuery): Statement {
  const parameters: unknown[] = [];
  const where = q.search.trim() === '' ? '' : ` where r::text ilike $${parameters.push(`%${q.search.trim()}%`)}`;
  const row = `coalesce((select jsonb_object_agg(e.key, e.value) from json_each_text(row_to_json(r)) as e), '{}'::jsonb)
      || jsonb_build_object($${parameters.push(q.column)}::text, r.${ident(q.column)}::text)`;
  return {
    query: `select ${row} as row, count(*) over () as total from ${qualified(q.schema, q.table)} as r${where}
      order by r.${ident(q.column)} limit $${parameters.push(q.limit)} offset $${parameters.push(q.offset)}`,
    parameters,
  };
}
