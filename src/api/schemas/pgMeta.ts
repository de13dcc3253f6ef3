// Request schemas of the project query endpoint and the introspection helpers (spec B7, DESIGN §5).
import { z } from 'zod';
import { commaList, optionalQuery, storableString } from './platformFields.ts';

export const queryBody = z.object({
  query: storableString(10_000_000).refine((q) => q.trim() !== '', { error: 'must not be empty' }),
  parameters: z.array(z.unknown()).max(65_535).optional(),
  /** The SQL editor's run id (issue 7): the run can be cancelled by it while it runs. */
  run_id: z.uuid().optional(),
  /** spec B2.7: run as a postgrest role with claims, or a postgres role resolved through an access-token hook. */
  impersonation: z
    .object({
      role: storableString(63).min(1),
      claims: z.record(z.string(), z.unknown()),
      hook: z.object({ schema: storableString(63).min(1), functionName: storableString(63).min(1) }).optional(),
    })
    .optional(),
  /** Record the run in the caller's query history of the project (issue 7). */
  history: z.boolean().optional(),
  /** spec B2.3: the database picked (a read replica's identifier); the primary when absent or the project's ref. */
  database: storableString(100).min(1).optional(),
});

export const cancelQueryBody = z.object({ run_id: z.uuid() });
export type QueryBody = z.infer<typeof queryBody>;

const schemaNames = optionalQuery(commaList(storableString(63).min(1)));

export const schemaFilterQuery = z.object({
  included_schemas: schemaNames,
  excluded_schemas: schemaNames,
});

const booleanQuery = optionalQuery(z.enum(['true', 'false']).transform((value) => value === 'true'));

export const tablesQuery = schemaFilterQuery.extend({
  include_columns: booleanQuery,
});

export const columnsQuery = schemaFilterQuery.extend({
  table_id: optionalQuery(z.coerce.number().int().min(1).max(4_294_967_295)),
});

/** The table open's view (issue 25): the grid's sort and filter as the table address carries them (src/domain/table-editor/url.ts). */
/** spec B2.3 (issue 20): the table editor's picked database for its table reads; the primary when absent or the ref. */
export const tableDatabaseQuery = z.object({
  database: optionalQuery(storableString(100).min(1)),
});

export const tableOpenQuery = tableDatabaseQuery.extend({
  sort: optionalQuery(storableString(10_000)),
  filter: optionalQuery(storableString(100_000)),
});
