// HTTP of the project's migration history (issue 19): GET lists it with each migration's SQL, POST applies a new one
// in one transaction with its record (server/pgmeta/migrations.ts). A Postgres error rejects with its message.
import { api } from './client.ts';
import type { MigrationRow } from '../domain/database/migrations.ts';

const path = (ref: string) => `platform/pg-meta/${encodeURIComponent(ref)}/migrations`;

export const fetchMigrations = (ref: string) => api.get(path(ref)).json<MigrationRow[]>();

export const postMigration = (ref: string, name: string, query: string) =>
  api.post(path(ref), { json: { name, query } }).json<{ version: string; name: string }>();
