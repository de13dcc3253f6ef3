// The grid's own catalog read: the object id of a relation named by a foreign key (to follow it to its tab).
import { runSql } from './table-editor.ts';

/** The oid of schema.name, or null when no such relation exists (anymore). */
export async function fetchRelationId(ref: string, schema: string, name: string, options: { signal?: AbortSignal } = {}): Promise<number | null> {
  const [row] = await runSql<{ id: number }>(
    ref,
    {
      query: `select c.oid::int as id from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
               where n.nspname = $1 and c.relname = $2`,
      parameters: [schema, name],
    },
    options,
  );
  return row?.id ?? null;
}
