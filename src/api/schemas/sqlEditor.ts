// Request schemas of the SQL editor's platform routes (issue 7): snippets and query history.
import { z } from 'zod';
import { displayNameSchema, optionalQuery, storableString } from './platformFields.ts';

/** Snippet text limit: the query endpoint's own limit (src/api/schemas/pgMeta.ts). */
export const SNIPPET_SQL_MAX = 10_000_000;

export const createSnippetBody = z.object({
  name: displayNameSchema(256),
  sql: storableString(SNIPPET_SQL_MAX).default(''),
  favorite: z.boolean().default(false),
});

export const updateSnippetBody = z
  .object({
    name: displayNameSchema(256).optional(),
    sql: storableString(SNIPPET_SQL_MAX).optional(),
    favorite: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.sql !== undefined || body.favorite !== undefined, {
    error: 'name, sql or favorite is required',
  });

export const snippetListQuery = z.object({
  search: optionalQuery(storableString(256)),
  favorite: optionalQuery(z.enum(['true', 'false']).transform((value) => value === 'true')),
});

export const historyListQuery = z.object({
  search: optionalQuery(storableString(256)),
  limit: optionalQuery(z.coerce.number().int().min(1).max(500)),
  offset: optionalQuery(z.coerce.number().int().min(0).max(10_000_000)),
});

// Kept in a zod-free module so that the console's route guards read it without loading these schemas.
export { SNIPPET_ID_PATTERN } from '../../domain/shared-constants.ts';

export interface SqlSnippet {
  id: string;
  name: string;
  sql: string;
  favorite: boolean;
  inserted_at: string;
  updated_at: string;
}

export interface SqlHistoryEntry {
  id: number;
  query: string;
  started_at: string;
  duration_ms: number;
  row_count: number | null;
  status: 'success' | 'error' | 'cancelled';
  error: string | null;
}
