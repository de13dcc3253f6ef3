// A preview branch's database made from its parent's (issue 20, spec B2.8): schema only, or schema and data with
// 'with data'. Always with the parent's migration history (strata_migrations.schema_migrations), so the branch knows
// which migrations built its schema and a merge can tell its new ones apart.
//
// Why pg_dump | pg_restore and not CREATE DATABASE … TEMPLATE parent: a template must have no other connection for
// the whole copy, so every tenant's session, the Data API and the console's pools of the parent would be cut off for
// as long as the copy runs; the copy would also always carry the data (schema-only would mean truncating after), and
// every object would stay owned by the parent's owner role with ACLs naming the parent's roles — fixing that needs
// REASSIGN OWNED, which also hands over the parent's own database (a shared object). pg_dump reads one consistent
// snapshot while the parent keeps serving, and pg_restore --no-owner --no-privileges as the branch's owner makes every
// object the branch's own, with the shared API roles' grants from the branch owner's default privileges.
//
// What the branch's owner may not create is created by the platform first: extensions (created as superuser like the
// Database → Extensions page's platform path) and the schemas they live in; their TOC entries are left out of the
// restore. The `auth` schema is the platform's per project (made at provisioning), so it is not copied.
// The restore is one transaction (--single-transaction --exit-on-error): a failure leaves the branch database empty.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient, withDatabaseClient } from '../db/platformDb.ts';
import { findPgDump, libpqEnv, runPgTool } from '../lifecycle/dump.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE } from '../../src/domain/database/migrations.ts';
import { storeBranchBase } from './catalog.ts';

const run = promisify(execFile);

export class BranchCloneError extends Error {
  override name = 'BranchCloneError';
}

const cloneError = (message: string) => new BranchCloneError(message);



interface ExtensionRow {
  name: string;
  schema: string;
}

/** Extensions of the parent (plpgsql is in every database) and the schemas they live in. */
async function parentExtensions(server: DatabaseServer, parentRef: string): Promise<ExtensionRow[]> {
  return withDatabaseClient(server, projectDatabase(parentRef), async (client) =>
    (
      await client.query<ExtensionRow>(
        `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname <> 'plpgsql' order by e.oid`,
      )
    ).rows,
  );
}

/** pg_restore's list without the entries the platform made itself (extensions, their comments, pre-made schemas). */
export function filterRestoreList(list: string, premadeSchemas: ReadonlySet<string>): string {
  return list
    .split('\n')
    .filter((line) => {
      if (line.startsWith(';') || line.trim() === '') return true;
      if (/ EXTENSION - /.test(line) || / COMMENT - EXTENSION /.test(line)) return false;
      const schema = / SCHEMA - (\S+) /.exec(line);
      if (schema && premadeSchemas.has(schema[1]!)) return false;
      return true;
    })
    .join('\n');
}

/**
 * Copies the parent project's database into the (freshly provisioned, empty) branch database. `withData` copies the
 * rows of every table; without it only the migration history's rows come along.
 */
export async function cloneProjectDatabase(server: DatabaseServer, parentRef: string, branchRef: string, withData: boolean): Promise<void> {
  const { rows } = await withAdminClient(server, (admin) => admin.query<{ v: string }>("select current_setting('server_version_num') as v"));
  const major = String(Math.floor(Number(rows[0]!.v) / 10000));
  const pgDump = await findPgDump(major);
  const pgRestore = join(dirname(pgDump), 'pg_restore');
  await run(pgRestore, ['--version'], { timeout: 5000 }).catch(() => {
    throw new BranchCloneError(`Branching needs pg_restore ${major} beside ${pgDump}; install Debian's postgresql-client-${major}`);
  });
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const parentEnv = { ...base, ...libpqEnv(server.url(projectDatabase(parentRef))) };
  // The restore acts as the branch's owner (SET ROLE at connection start): every object it makes is the branch's.
  const branchEnv = { ...base, ...libpqEnv(server.url(projectDatabase(branchRef))), PGOPTIONS: `-c role=${ownerRole(branchRef)}` };

  const extensions = await parentExtensions(server, parentRef);
  const premade = new Set<string>();
  await withDatabaseClient(server, projectDatabase(branchRef), async (admin) => {
    const owner = admin.escapeIdentifier(ownerRole(branchRef));
    for (const { name, schema } of extensions) {
      const exists = await admin.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (!exists.rowCount) {
        await admin.query(`create schema ${admin.escapeIdentifier(schema)} authorization ${owner}`);
        premade.add(schema);
      }
      await admin.query(`create extension if not exists ${admin.escapeIdentifier(name)} with schema ${admin.escapeIdentifier(schema)}`);
    }
  });

  const folder = await mkdtemp(join(tmpdir(), 'strata-branch-'));
  try {
    const dump = join(folder, 'parent.dump');
    const list = join(folder, 'restore.list');
    const dumpArgs = ['--format=custom', '--no-owner', '--no-privileges', '--exclude-schema=auth', `--file=${dump}`];
    await runPgTool(pgDump, withData ? dumpArgs : [...dumpArgs, '--schema-only'], parentEnv, cloneError);
    await writeFile(list, filterRestoreList(await runPgTool(pgRestore, ['--list', dump], base, cloneError), premade));
    const restoreArgs = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--use-list=${list}`, `--dbname=${projectDatabase(branchRef)}`];
    await runPgTool(pgRestore, [...restoreArgs, dump], branchEnv, cloneError);
    if (!withData) {
      // The migration history travels with the schema it built.
      const hasHistory = await withDatabaseClient(server, projectDatabase(parentRef), async (client) =>
        (await client.query<{ t: boolean }>('select to_regclass($1) is not null as t', [`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`])).rows[0]!.t,
      );
      if (hasHistory) {
        const history = join(folder, 'history.dump');
        await runPgTool(pgDump, ['--format=custom', '--data-only', `--table=${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`, `--file=${history}`], parentEnv, cloneError);
        await runPgTool(pgRestore, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${projectDatabase(branchRef)}`, history], branchEnv, cloneError);
      }
    }
    // The branch point (issue 20's object-level merge conflicts): the copy as restored is the parent at this moment.
    await withDatabaseClient(server, projectDatabase(branchRef), (admin) => storeBranchBase(admin, ownerRole(branchRef)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Size of a project's database in bytes (the estimate's duration, spec B9). */
export async function databaseSize(server: DatabaseServer, ref: string): Promise<number> {
  return withAdminClient(server, async (admin) => {
    const { rows } = await admin.query<{ size: string | null }>('select pg_database_size(datname)::text as size from pg_database where datname = $1', [
      projectDatabase(ref),
    ]);
    return Number(rows[0]?.size ?? 0);
  });
}
