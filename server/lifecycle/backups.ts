// Backups: plain-SQL dumps of a project's database kept as `{ref}/backups/{id}.sql` by the storage backend's
// platform files (server/storage/platformFiles.ts: under {filesDir}, or in the S3 bucket — issue 23), recorded in
// the `backups` table. pg_dump's output streams into the file, which is visible only once complete (a local
// `.partial` renamed, an S3 multipart upload completed), so a listed backup is always a whole file.
import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { BackupKind, DownloadableBackup } from '../../src/api/schemas/lifecycle.ts';
import type { DatabaseServer } from '../db/server.ts';
import { localBackend, type StorageBackend } from '../storage/backend.ts';
import { projectDatabase, ownerRole } from '../projects/names.ts';
import { dumpProjectStream, findPgDump, libpqEnv } from './dump.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export interface BackupDeps {
  /** The platform pool: a connection of it holds the backup's lock while the dump runs. */
  platform: Queryable & Partial<Pick<pg.Pool, 'connect'>>;
  server: DatabaseServer;
  filesDir: string;
  /** Where the dump is kept (the local folder under filesDir when omitted). */
  storage?: StorageBackend;
  /** e.g. '15.18': pg_dump must be of the same major version. */
  postgresVersion: string;
}

export interface BackupRow {
  id: number;
  project_id: number;
  kind: BackupKind;
  status: 'running' | 'completed' | 'failed';
  size_bytes: string | null;
  path: string | null;
  inserted_at: Date;
}

const COLUMNS = 'id, project_id, kind, status, size_bytes::text, path, inserted_at';

export const backupPath = (ref: string, id: number) => `${ref}/backups/${id}.sql`;

/** Dumps the project's database now; resolves with the completed backup, rejects (row marked failed) otherwise. */
export async function takeBackup(deps: BackupDeps, project: { id: number; ref: string }, kind: BackupKind): Promise<BackupRow> {
  const { rows } = await deps.platform.query<{ id: number }>(
    `insert into backups (project_id, kind) values ($1, $2) returning id`,
    [project.id, kind],
  );
  const id = rows[0]!.id;
  // Held while the dump runs: another platform process starting meanwhile sees the backup is alive (issue 23).
  const holder = deps.platform.connect ? await deps.platform.connect().catch(() => null) : null;
  await holder?.query('select pg_advisory_lock($1, $2)', [BACKUP_LOCK_CLASS, id]).catch(() => {});
  try {
    return await dump(deps, project, id);
  } finally {
    if (holder) {
      await holder.query('select pg_advisory_unlock($1, $2)', [BACKUP_LOCK_CLASS, id]).catch(() => {});
      holder.release();
    }
  }
}

/** The first key of a running backup's session advisory lock (the second is its id). */
export const BACKUP_LOCK_CLASS = 23_023;

/** The files of backups and archives: the platform's storage backend, or the local folder. */
export const platformFiles = (deps: { storage?: StorageBackend | undefined; filesDir: string }) => (deps.storage ?? localBackend(deps.filesDir)).files;

async function dump(deps: BackupDeps, project: { id: number; ref: string }, id: number): Promise<BackupRow> {
  const relative = backupPath(project.ref, id);
  try {
    // Dumps cut short by a crash are never finished: they go before a new one is written (issue 13 finding 9).
    await removeStalePartialBackups(deps.platform, deps.filesDir, [project.ref]).catch(() => []);
    const size = await platformFiles(deps).put(relative, Readable.from(dumpProjectStream(deps.server, project.ref, deps.postgresVersion.split('.')[0]!)));
    const updated = await deps.platform.query<BackupRow>(
      `update backups set status = 'completed', size_bytes = $2, path = $3 where id = $1 returning ${COLUMNS}`,
      [id, size, relative],
    );
    return updated.rows[0]!;
  } catch (error) {
    await deps.platform
      .query(`update backups set status = 'failed', error = $2 where id = $1`, [id, (error as Error).message.slice(0, 2000)])
      .catch(() => {});
    throw error;
  }
}

/** A backup that could not be restored for a reason of its target (objects that exist already, …): Postgres's words. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Restores a completed backup (`path`, `{ref}/backups/{id}.sql`) into the database of the project `target`, as that
 * project's owner (the dump has no owners nor grants), in one transaction: it is all restored, or nothing changes
 * (e.g. a target that has tables of the same names). The dump streams from where it is kept — the local folder or
 * the S3 bucket, written there by any platform process (issue 23) — into psql's standard input.
 */
export async function restoreBackup(
  deps: Pick<BackupDeps, 'server' | 'storage' | 'filesDir' | 'postgresVersion'>,
  path: string,
  target: string,
): Promise<void> {
  const stored = await platformFiles(deps).open(path);
  if (!stored) throw new RestoreRefused('The backup file is missing');
  const pgDump = await findPgDump(deps.postgresVersion.split('.')[0]!);
  const psql = pgDump.includes('/') ? join(dirname(pgDump), 'psql') : 'psql';
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...libpqEnv(deps.server.url(projectDatabase(target))),
    PGOPTIONS: `-c role=${ownerRole(target)}`,
  };
  const child = spawn(psql, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-'], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // psql stops reading at the first error: the rest of the dump is not wanted (EPIPE is expected then).
  const fed = pipeline(await stored.stream(), child.stdin).catch((error: Error) => error);
  const code = await closed;
  const feedError = await fed;
  if (code !== 0) {
    const said = stderr.trim().split('\n').filter((line) => !line.startsWith('psql:') || /ERROR/.test(line)).slice(-2).join(' ');
    throw new RestoreRefused(`The backup could not be restored: ${said.replace(/^psql:[^:]*:\d+: /, '') || `psql exited with ${code}`}`);
  }
  if (feedError) throw feedError;
}

/** Completed backups, newest first. */
export async function listBackups(db: Queryable, projectId: number): Promise<BackupRow[]> {
  const { rows } = await db.query<BackupRow>(
    `select ${COLUMNS} from backups where project_id = $1 and status = 'completed' order by inserted_at desc, id desc`,
    [projectId],
  );
  return rows;
}

export async function findBackup(db: Queryable, projectId: number, id: number): Promise<BackupRow | null> {
  const { rows } = await db.query<BackupRow>(
    `select ${COLUMNS} from backups where project_id = $1 and id = $2 and status = 'completed'`,
    [projectId, id],
  );
  return rows[0] ?? null;
}

/** A backup as the console reads it (spec A3 Downloadable backups). */
export function backupJson(row: BackupRow): DownloadableBackup {
  return {
    id: row.id,
    isPhysicalBackup: false,
    inserted_at: row.inserted_at.toISOString(),
    size_bytes: Number(row.size_bytes ?? 0),
    kind: row.kind,
  };
}

/**
 * Start-up: a dump that was running when its platform process stopped will never complete. A running backup whose
 * lock is still held belongs to another live process (several processes on one database, issue 23) and is left
 * alone; the lock is a session lock, so it goes with a killed process's connection.
 */
export async function failInterruptedBackups(db: Queryable): Promise<void> {
  await db.query(
    `update backups set status = 'failed', error = 'Interrupted by a platform restart'
      where status = 'running' and pg_try_advisory_xact_lock($1, id)`,
    [BACKUP_LOCK_CLASS],
  );
}

const PARTIAL = /^(\d+)\.sql\.partial$/;

/**
 * Removes `{ref}/backups/{id}.sql.partial` files whose backup is not running (a dump cut by a crash or a kill),
 * for `refs` or every project folder; returns what was removed, relative to filesDir. Called at start-up
 * (server/runtime.ts) and before each new backup.
 */
export async function removeStalePartialBackups(db: Queryable, filesDir: string, refs?: string[]): Promise<string[]> {
  const found: { ref: string; entry: string; id: number }[] = [];
  for (const ref of refs ?? (await readdir(filesDir).catch(() => [] as string[]))) {
    for (const entry of await readdir(join(filesDir, ref, 'backups')).catch(() => [] as string[])) {
      const match = PARTIAL.exec(entry);
      if (match) found.push({ ref, entry, id: Number(match[1]) });
    }
  }
  if (found.length === 0) return [];
  // Read after listing: a backup's row is inserted before its partial is created, so a dump still being written
  // is seen as running here.
  const { rows } = await db.query<{ id: number }>(`select id from backups where status = 'running' and id = any($1::bigint[])`, [
    found.map((f) => f.id),
  ]);
  const running = new Set(rows.map((row) => Number(row.id)));
  const removed: string[] = [];
  for (const { ref, entry, id } of found) {
    if (running.has(id)) continue;
    await rm(join(filesDir, ref, 'backups', entry), { force: true });
    removed.push(`${ref}/backups/${entry}`);
  }
  return removed;
}
