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

/** One page of rows plus the count of all matches (a window count, so one round trip). */
export function referenceRowsStatement(q: ReferenceQuery): Statement {
  const parameters: unknown[] = [];
  const where = q.search.trim() === '' ? '' : ` where r::text ilike $${parameters.push(`%${q.search.trim()}%`)}`;
  return {
    query: `select to_jsonb(r) as row, count(*) over () as total from ${qualified(q.schema, q.table)} as r${where}
      order by r.${ident(q.column)} limit $${parameters.push(q.limit)} offset $${parameters.push(q.offset)}`,
    parameters,
  };
}
