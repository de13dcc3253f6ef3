// The storage schema of a project's own database (issue 8): buckets, objects and storage.delete_prefix, made on
// first use (idempotent, memoized per process). Rows deleted by any statement — the service's or a member's SQL
// (`select storage.delete_prefix(...)`) — are queued in storage.deleted_objects by a trigger, and the platform
// removes their files when it drains that queue (see trash.ts).
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';

const SCHEMA_LOCK = 'strata.storage.schema';

/**
 * SQL: the sort key of the folder an object is in (issue 15, listing speed). The folder part of the name (up to
 * its last '/', '' at the bucket's root) with '/' written as chr(1) chr(1) and chr(1) as chr(1) chr(2): the end of
 * a folder then sorts before any longer folder name, so keys order folders as their names do ('a' < 'a b' <
 * 'a.b'), one folder's subtree is one key range, and the files of one folder are one key value. The index below
 * and the listing (listing.ts) use this one expression, so Postgres matches them.
 */
export const folderKeySql = (name: string) =>
  `replace(replace(regexp_replace(${name}, '[^/]*$', ''), chr(1), chr(1) || chr(2)), '/', chr(1) || chr(1))`;

export const STORAGE_SCHEMA_SQL = `
create schema if not exists storage;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD' check (type in ('STANDARD', 'ANALYTICS', 'VECTOR')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Names compare byte-wise ("C"), so a folder is an index range and listings page in name order cheaply.
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text collate "C" not null,
  owner uuid,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);

-- A folder's files in name order, and its sub-folders by a skip over the keys (listing.ts).
create index if not exists objects_bucket_folder_name on storage.objects (bucket_id, (${folderKeySql('name')}), name);

create table if not exists storage.deleted_objects (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text collate "C" not null,
  deleted_at timestamptz not null default now()
);

create or replace function storage.queue_deleted_objects() returns trigger language plpgsql as $fn$
begin
  insert into storage.deleted_objects (bucket_id, name) select bucket_id, name from gone;
  return null;
end
$fn$;

create or replace trigger objects_queue_deleted after delete on storage.objects
  referencing old table as gone for each statement execute function storage.queue_deleted_objects();

-- spec B4 folder delete: every object under the folder (its placeholder included). Returns whether any went.
create or replace function storage.delete_prefix(_bucket_id text, _prefix text) returns boolean
language plpgsql as $fn$
declare
  folder text := trim(both '/' from coalesce(_prefix, ''));
  removed bigint;
begin
  if folder = '' then
    raise exception 'prefix is required' using errcode = '22023';
  end if;
  delete from storage.objects
   where bucket_id = _bucket_id and name >= folder || '/' and starts_with(name, folder || '/');
  get diagnostics removed = row_count;
  return removed > 0;
end
$fn$;
`;

const ready = new Map<string, Promise<void>>();

async function create(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (client) => {
    // Two platforms (or two requests of a fresh process) may get here at once: one creates, the other waits.
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [SCHEMA_LOCK]);
    await client.query(STORAGE_SCHEMA_SQL);
  });
}

/** Makes sure the project's storage schema exists (once per process and ref; retried after a failure). */
export function ensureStorageSchema(pool: pg.Pool, ref: string): Promise<void> {
  let pending = ready.get(ref);
  if (!pending) {
    pending = create(pool);
    ready.set(ref, pending);
    pending.catch(() => ready.delete(ref));
  }
  return pending;
}

/** Forget the memo (the schema was dropped by hand, or the project's database was replaced). */
export function forgetStorageSchema(ref: string): void {
  ready.delete(ref);
}

/** undefined_table / invalid_schema_name / undefined_function: the schema went away under us. */
export function isMissingSchema(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '42P01' || code === '3F000' || code === '42883';
}
