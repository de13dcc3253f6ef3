// Merging a branch into its parent (issue 20, spec A4.4 /project/{branch}/merge): the branch's new migrations — those
// in its history (strata_migrations.schema_migrations, copied from the parent when the branch was made) that the
// parent's history lacks — are applied to the parent in ONE transaction, each recorded there under its own version,
// so the parent's history then holds them as the branch does. Conflicts are reported, never guessed:
// - an object changed on both sides since the branch was made (server/branches/catalog.ts: the parent's catalog now,
//   the branch's now, and the branch point's stored in the branch at its clone) — a table, view, function, type …;
//   the parent changing unrelated objects is no conflict. A branch made before the branch point was stored falls back
//   to the coarse rule: each parent migration the branch lacks is a conflict;
// - a migration fails on the parent (an object already exists, is missing, or differs): Postgres's error names it;
//   the whole merge is rolled back.
import type pg from 'pg';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, type MigrationRow } from '../../src/domain/database/migrations.ts';
import type { MergeConflict } from '../../src/domain/branches/merge.ts';
import { describeConflict } from '../../src/domain/branches/merge.ts';
import { conflict, unavailable } from '../http/errors.ts';
import { listMigrations } from '../pgmeta/migrations.ts';
import { bothSidesChanged, catalogFingerprints, type Fingerprints } from './catalog.ts';

const TABLE = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;

export interface MergePlan {
  /** The branch's migrations the parent does not have, oldest first: what a merge applies. */
  migrations: MigrationRow[];
  /** The parent's migrations the branch does not have (the parent changed too; a conflict only through `conflicts`). */
  parentOnly: MigrationRow[];
  /** Objects changed on both sides since the branch was made: the merge is refused while any is listed. */
  conflicts: MergeConflict[];
}

/** `base`: the branch point's fingerprints (readBranchBase on the branch database), null for an older branch. */
export async function mergePlan(branch: pg.Pool, parent: pg.Pool, base: Fingerprints | null): Promise<MergePlan> {
  const [mine, theirs] = await Promise.all([listMigrations(branch, { withStatements: true }), listMigrations(parent, { withStatements: true })]);
  const parentVersions = new Set(theirs.map((m) => m.version));
  const branchVersions = new Set(mine.map((m) => m.version));
  const migrations = mine.filter((m) => !parentVersions.has(m.version));
  const parentOnly = theirs.filter((m) => !branchVersions.has(m.version));
  let conflicts: MergeConflict[];
  if (base === null) {
    conflicts = parentOnly.map((m) => ({ kind: 'migration', name: m.name }));
  } else {
    const [branchNow, parentNow] = await Promise.all([catalogFingerprints(branch), catalogFingerprints(parent)]);
    conflicts = bothSidesChanged(base, branchNow, parentNow);
  }
  return { migrations, parentOnly, conflicts };
}

/** Applies the plan's migrations to the parent in one transaction; a conflict leaves the parent as it was. */
export async function mergeInto(parent: pg.Pool, plan: MergePlan): Promise<{ applied: string[] }> {
  if (plan.conflicts.length > 0) {
    throw conflict(
      `Conflict: changed on both the branch and the parent since this branch was made: ${plan.conflicts.map(describeConflict).join(', ')}. ` +
        "Apply the parent's changes to the branch first, then merge.",
    );
  }
  if (plan.migrations.length === 0) return { applied: [] };
  let client: pg.PoolClient;
  try {
    client = await parent.connect();
  } catch {
    throw unavailable('Could not connect to the parent database');
  }
  let broken = false;
  let current: MigrationRow | null = null;
  try {
    await client.query('begin');
    await client.query(`create schema if not exists ${MIGRATIONS_SCHEMA}`);
    await client.query(`create table if not exists ${TABLE} (version text primary key, name text not null,
      statements text not null, applied_at timestamptz not null default now())`);
    for (const migration of plan.migrations) {
      current = migration;
      // The simple protocol: a migration may hold several statements.
      await client.query({ text: migration.statements });
      if (client.getTransactionStatus() !== 'T') throw conflict(`Migration "${migration.name}" ends its own transaction: it cannot be merged`);
      await client.query(`insert into ${TABLE} (version, name, statements) values ($1, $2, $3)`, [migration.version, migration.name, migration.statements]);
    }
    await client.query('commit');
    return { applied: plan.migrations.map((m) => m.name) };
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    const pgError = error as { code?: string; message?: string; severity?: string };
    if (typeof pgError.code === 'string' && typeof pgError.severity === 'string') {
      throw conflict(`Conflict in migration "${current?.name}": ${pgError.message}. Nothing was merged.`);
    }
    throw error;
  } finally {
    await client.query('discard all').catch(() => {
      broken = true;
    });
    client.release(broken);
  }
}
