// Template data for 'new table' (spec B2.1: a new table may start from template data): a structure and a few sample
// rows. The rows go in with the table in the same transaction, as literals (a script takes no parameters).
import type { MemberRole } from '../shared-constants.ts';
import { createTableStatements, transaction, type ColumnDefinition, type Script, type TableDefinition } from './ddl.ts';
import { ident, literal, qualified } from './sql.ts';

export interface TableTemplate {
  id: string;
  label: string;
  description: string;
  columns: ColumnDefinition[];
  rows: Array<Record<string, string | number | boolean | null>>;
}

const base = {
  isArray: false,
  default: { kind: 'none' },
  isNullable: true,
  isUnique: false,
  isPrimaryKey: false,
  isIdentity: false,
  foreignKey: null,
  comment: null,
} as const satisfies Omit<ColumnDefinition, 'name' | 'type'>;

const identityKey: ColumnDefinition = { ...base, name: 'id', type: { kind: 'builtin', name: 'int8' }, isIdentity: true, isPrimaryKey: true, isNullable: false };
const createdAt: ColumnDefinition = { ...base, name: 'created_at', type: { kind: 'builtin', name: 'timestamptz' }, default: { kind: 'expression', sql: 'now()' }, isNullable: false };

export const TABLE_TEMPLATES: readonly TableTemplate[] = [
  {
    id: 'todos',
    label: 'Todos',
    description: 'A task list: title, done flag and creation time.',
    columns: [
      identityKey,
      { ...base, name: 'title', type: { kind: 'builtin', name: 'text' }, isNullable: false },
      { ...base, name: 'is_done', type: { kind: 'builtin', name: 'bool' }, default: { kind: 'literal', value: 'false' }, isNullable: false },
      createdAt,
    ],
    rows: [
      { title: 'Write the schema', is_done: true },
      { title: 'Add row level security', is_done: false },
      { title: 'Ship it', is_done: false },
    ],
  },
  {
    id: 'profiles',
    label: 'Profiles',
    description: 'Public user profiles: unique username, name, website.',
    columns: [
      { ...base, name: 'id', type: { kind: 'builtin', name: 'uuid' }, default: { kind: 'expression', sql: 'gen_random_uuid()' }, isPrimaryKey: true, isNullable: false },
      { ...base, name: 'username', type: { kind: 'builtin', name: 'text' }, isUnique: true, isNullable: false },
      { ...base, name: 'full_name', type: { kind: 'builtin', name: 'text' } },
      { ...base, name: 'website', type: { kind: 'builtin', name: 'text' } },
      createdAt,
    ],
    rows: [
      { username: 'ada', full_name: 'Ada Lovelace', website: null },
      { username: 'grace', full_name: 'Grace Hopper', website: 'https://example.com' },
    ],
  },
  {
    id: 'countries',
    label: 'Countries',
    description: 'Countries with their ISO code and continent.',
    columns: [
      identityKey,
      { ...base, name: 'name', type: { kind: 'builtin', name: 'text' }, isNullable: false },
      { ...base, name: 'iso2', type: { kind: 'builtin', name: 'text' }, isUnique: true, isNullable: false },
      { ...base, name: 'continent', type: { kind: 'builtin', name: 'text' } },
    ],
    rows: [
      { name: 'France', iso2: 'FR', continent: 'Europe' },
      { name: 'Japan', iso2: 'JP', continent: 'Asia' },
      { name: 'Kenya', iso2: 'KE', continent: 'Africa' },
      { name: 'Peru', iso2: 'PE', continent: 'South America' },
    ],
  },
];

/** create table (+ comment, RLS) and, when asked, the template's sample rows — one transaction. */
export function createTableWithRowsSql(table: TableDefinition, rows: TableTemplate['rows']): Script {
  const statements = createTableStatements(table);
  const target = qualified(table.schema, table.name);
  const known = new Set(table.columns.map((c) => c.name));
  for (const row of rows) {
    const names = Object.keys(row).filter((name) => known.has(name));
    if (names.length === 0) continue;
    statements.push(`insert into ${target} (${names.map((n) => ident(n)).join(', ')}) values (${names.map((n) => literal(row[n])).join(', ')})`);
  }
  return transaction(statements);
}

/** Read-only members see the editor without any write control (spec A6: the platform refuses their writes too). */
export const canWriteTables = (role: MemberRole | null | undefined): boolean => role !== undefined && role !== null && role !== 'read_only';
