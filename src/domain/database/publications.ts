// Database → Publications (spec A2.6, issue 19): the database's publications (supabase_realtime when present, and any
// other) with the operations they publish and their tables; toggle an operation, add or remove a table, or switch
// between all tables and chosen ones. Identifiers and literals quoted by pg-format.
import { ident, literal, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';

export const PUBLICATION_OPERATIONS = ['insert', 'update', 'delete', 'truncate'] as const;
export type PublicationOperation = (typeof PUBLICATION_OPERATIONS)[number];

export interface PublicationRow {
  name: string;
  owner: string;
  all_tables: boolean;
  insert: boolean;
  update: boolean;
  delete: boolean;
  truncate: boolean;
  /** "schema.table" of each table it publishes (every table when all_tables). */
  tables: { schema: string; name: string }[];
}

export const publicationsQuery: Statement = {
  query: `select p.pubname as name, pg_get_userbyid(p.pubowner) as owner, p.puballtables as all_tables,
  p.pubinsert as insert, p.pubupdate as update, p.pubdelete as delete, p.pubtruncate as truncate,
  coalesce((select json_agg(json_build_object('schema', t.schemaname, 'name', t.tablename) order by t.schemaname, t.tablename)
    from pg_publication_tables t where t.pubname = p.pubname), '[]'::json) as tables
from pg_publication p
order by p.pubname`,
  parameters: [],
};

/** The tables a publication may take: ordinary and partitioned tables of the schema. */
export function publicationTablesQuery(schema: string): Statement {
  return {
    query: `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
    parameters: [schema],
  };
}

export const operationsOf = (publication: PublicationRow): PublicationOperation[] => PUBLICATION_OPERATIONS.filter((op) => publication[op]);

const publishOption = (operations: readonly PublicationOperation[]): string =>
  `publish = ${literal(PUBLICATION_OPERATIONS.filter((op) => operations.includes(op)).join(', '))}`;

/** alter publication "p" set (publish = 'insert, update') — an empty list publishes nothing (allowed by Postgres). */
export function setOperationScript(publication: PublicationRow, operation: PublicationOperation, on: boolean): Script {
  const now = operationsOf(publication).filter((op) => op !== operation);
  return transaction([`alter publication ${ident(publication.name)} set (${publishOption(on ? [...now, operation] : now)})`]);
}

/** alter publication "p" add|drop table "s"."t" */
export function setTableScript(publication: string, schema: string, table: string, on: boolean): Script {
  return transaction([`alter publication ${ident(publication)} ${on ? 'add' : 'drop'} table ${qualified(schema, table)}`]);
}

/**
 * Postgres cannot turn FOR ALL TABLES on or off with ALTER: the publication is dropped and created again with the
 * same operations, in one transaction (subscribers keep their slot; the name is the same). Going to chosen tables
 * starts with none.
 */
export function setAllTablesScript(publication: PublicationRow, allTables: boolean): Script {
  const name = ident(publication.name);
  return transaction([
    `drop publication ${name}`,
    `create publication ${name}${allTables ? ' for all tables' : ''} with (${publishOption(operationsOf(publication))})`,
  ]);
}

export interface PublicationDraft {
  name: string;
  allTables: boolean;
  operations: PublicationOperation[];
}

export function publicationDraftProblem(draft: PublicationDraft): string | null {
  if (draft.name.trim() === '') return 'Please provide a name for the publication';
  if (draft.name.trim().length > 63) return 'A publication name is at most 63 characters';
  return null;
}

export function createPublicationScript(draft: PublicationDraft): Script {
  const problem = publicationDraftProblem(draft);
  if (problem) throw new Error(problem);
  return transaction([`create publication ${ident(draft.name.trim())}${draft.allTables ? ' for all tables' : ''} with (${publishOption(draft.operations)})`]);
}

export const dropPublicationScript = (name: string): Script => transaction([`drop publication ${ident(name)}`]);

export const filterPublications = (rows: readonly PublicationRow[], search: string): PublicationRow[] => {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle));
};
