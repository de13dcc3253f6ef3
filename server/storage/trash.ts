// Files of deleted rows. Every delete on storage.objects (the service's, or a member's SQL such as
// `select storage.delete_prefix(...)`) queues the names in storage.deleted_objects; draining the queue removes the
// files. The service drains after its own deletes and the platform drains at a project's first use in a process
// and after the console's delete-prefix call, so bytes of deleted rows do not outlive them.
//
// A name can be uploaded again right after it was deleted: the upload holds the name's advisory lock from
// before its rename until its row commits, so a name whose lock is busy is left for a later drain, and a name
// that has a row again keeps its file.
import { withTransaction } from '../db/transaction.ts';
import { assertBucketId, assertObjectName } from './names.ts';
import type { StorageProject } from './project.ts';

const BATCH = 500;
/** SQL: the advisory lock key of an object name (also taken by uploads, moves and copies). */
export const OBJECT_LOCK = (bucket: string, name: string) => `hashtextextended(${bucket} || '/' || ${name}, 0)`;

const draining = new Map<string, Promise<number>>();

/** Removes the files of queued deleted rows; resolves with how many files went. Concurrent calls share a run. */
export function drainTrash(project: StorageProject): Promise<number> {
  const running = draining.get(project.ref);
  if (running) return running.then(() => drainOnce(project));
  const run = drainOnce(project).finally(() => draining.delete(project.ref));
  draining.set(project.ref, run);
  return run;
}

async function drainOnce(project: StorageProject): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await withTransaction(project.pool, async (client) => {
      const { rows: queued } = await client.query<{ id: string; bucket_id: string; name: string; locked: boolean }>(
        `select id, bucket_id, name, pg_try_advisory_xact_lock(${OBJECT_LOCK('bucket_id', 'name')}) as locked
           from (select id, bucket_id, name from storage.deleted_objects order by id limit $1 for update skip locked) q`,
        [BATCH],
      );
      const free = queued.filter((row) => row.locked);
      // A separate statement: it sees rows committed by uploads that released their lock before we took it.
      const { rows: live } = await client.query<{ bucket_id: string; name: string }>(
        `select o.bucket_id, o.name from storage.objects o
           join unnest($1::text[], $2::text[]) as t(bucket_id, name) on o.bucket_id = t.bucket_id and o.name = t.name`,
        [free.map((row) => row.bucket_id), free.map((row) => row.name)],
      );
      const liveKeys = new Set(live.map((row) => `${row.bucket_id}/${row.name}`));
      for (const row of free) {
        if (liveKeys.has(`${row.bucket_id}/${row.name}`)) continue;
        try {
          assertBucketId(row.bucket_id);
          assertObjectName(row.name);
        } catch {
          continue; // a name that is not a valid path (inserted by SQL) never had a file
        }
        try {
          await project.storage.remove(project.ref, row.bucket_id, row.name);
          removed++;
        } catch {
          // Bytes that cannot be removed now (storage unreachable) are left behind rather than blocking the queue.
        }
      }
      await client.query('delete from storage.deleted_objects where id = any($1::bigint[])', [free.map((row) => row.id)]);
      return queued;
    });
    // Stop when the queue is empty or only busy names are left (a later drain takes them).
    if (batch.length < BATCH || batch.every((row) => !row.locked)) return removed;
  }
}

/**
 * Drains only when something is queued (one cheap query otherwise). Listings call it, so files of rows a member
 * deleted by SQL (the console's `select storage.delete_prefix(...)`) go when the folder is listed again.
 */
export async function drainTrashIfQueued(project: StorageProject): Promise<void> {
  const { rows } = await project.pool.query('select 1 from storage.deleted_objects limit 1');
  if (rows.length) await drainTrash(project);
}

/** Staged bytes of uploads cut short by a crash (older than an hour) go, wherever the backend keeps them. */
export async function removeStaleTemporaryFiles(project: StorageProject, now = Date.now()): Promise<void> {
  await project.storage.removeStaleStaging(project.ref, now);
}
