// Rotating a project's legacy JWT secret (spec A4.9, A2.13; issue 16): a new secret, new anon and service_role keys
// signed with it, the old ones refused from then on. The update is walked through the statuses of
// GET …/config/secrets/update-status (Updating → Updated | Failed) that the console polls every second.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { HttpError } from '../http/errors.ts';
import { API_KEY_ROLES, newSecret, signApiKey } from './keys.ts';

export type JwtUpdateStatus = 'Updating' | 'Updated' | 'Failed';
export interface JwtSecretUpdate {
  change_tracking_id: string;
  status: JwtUpdateStatus;
  progress: string | null;
  error: string | null;
}

/** An update left 'Updating' longer than this was cut short (the platform stopped mid-way): reported as Failed. */
const STALE_UPDATE_MS = 60_000;

const running = new Set<Promise<void>>();
const WAITING_PROGRESS = 'Waiting for the project API to use the new secret';

/** Resolves when every update started by this process has finished (tests, shutdown). */
export async function jwtSecretUpdatesSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

export async function jwtSecretUpdateStatus(db: Pick<pg.Pool, 'query'>, projectId: number): Promise<JwtSecretUpdate | null> {
  const { rows } = await db.query<JwtSecretUpdate & { stale: boolean }>(
    `select change_tracking_id, status, progress, error, updated_at < now() - make_interval(secs => $2) as stale
       from jwt_secret_updates where project_id = $1`,
    [projectId, STALE_UPDATE_MS / 1000],
  );
  const row = rows[0];
  if (!row) return null;
  const { stale, ...update } = row;
  if (update.status === 'Updating' && stale) {
    // The secret and keys change in one transaction: before it ('Issuing…') nothing changed, after it the new keys stand.
    const issued = update.progress === WAITING_PROGRESS;
    return { ...update, status: 'Failed', error: issued ? 'The update was interrupted after the new keys were issued' : 'The update was interrupted; the previous secret is still in use' };
  }
  return update;
}

export interface JwtSecretUpdateDeps {
  pool: pg.Pool;
  /**
   * How long the project API may still answer to a cached secret (server/data-api/auth.ts keeps a project's row
   * for a second): the update stays 'Updating' until no process can accept an old key any more.
   */
  settleMs: number;
  /** Called once the new secret is committed, so this process's caches drop the old one at once. */
  forget(ref: string): void;
}

/**
 * Starts an update and answers at once with its 'Updating' status; the work goes on in the background. A second
 * update while one runs is a 409. `secret` is the user's own (at least 32 characters) or a generated one.
 */
export async function startJwtSecretUpdate(deps: JwtSecretUpdateDeps, project: { id: number; ref: string }, secret?: string): Promise<JwtSecretUpdate> {
  const current = await jwtSecretUpdateStatus(deps.pool, project.id);
  if (current?.status === 'Updating') throw new HttpError(409, 'The JWT secret is already being updated');
  const update: JwtSecretUpdate = { change_tracking_id: randomUUID(), status: 'Updating', progress: 'Issuing new API keys', error: null };
  await deps.pool.query(
    `insert into jwt_secret_updates (project_id, change_tracking_id, status, progress, error) values ($1, $2, $3, $4, null)
     on conflict (project_id) do update set change_tracking_id = excluded.change_tracking_id, status = excluded.status,
       progress = excluded.progress, error = null, updated_at = now()`,
    [project.id, update.change_tracking_id, update.status, update.progress],
  );
  const work = rotate(deps, project, secret ?? newSecret(), update.change_tracking_id).finally(() => running.delete(work));
  running.add(work);
  return update;
}

async function setStatus(db: Pick<pg.Pool, 'query'>, projectId: number, id: string, status: JwtUpdateStatus, progress: string | null, error: string | null) {
  await db.query(
    'update jwt_secret_updates set status = $3, progress = $4, error = $5, updated_at = now() where project_id = $1 and change_tracking_id = $2',
    [projectId, id, status, progress, error],
  );
}

async function rotate(deps: JwtSecretUpdateDeps, project: { id: number; ref: string }, secret: string, id: string): Promise<void> {
  try {
    await withTransaction(deps.pool, async (client) => {
      await client.query('update project_secrets set jwt_secret = $2, updated_at = now() where project_id = $1', [project.id, secret]);
      for (const role of API_KEY_ROLES) {
        await client.query('update api_keys set api_key = $3, inserted_at = now() where project_id = $1 and name = $2', [
          project.id,
          role,
          await signApiKey(secret, role, project.ref),
        ]);
      }
    });
    deps.forget(project.ref);
    await setStatus(deps.pool, project.id, id, 'Updating', WAITING_PROGRESS, null);
    await new Promise((resolve) => setTimeout(resolve, deps.settleMs));
    await setStatus(deps.pool, project.id, id, 'Updated', null, null);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await setStatus(deps.pool, project.id, id, 'Failed', null, message).catch(() => {});
  }
}
