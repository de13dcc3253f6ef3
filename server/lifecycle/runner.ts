// Runs lifecycle operations (operations.ts) as persisted state machines: the project's status and the
// operation's last completed step live in the platform database, so a platform restart continues every running
// operation after its last completed step (resumePending, like the provisioner's). A failure puts the database
// back as it was (compensate) and ends in the definition's failed status with the error recorded.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { conflict, logServerError, notFound } from '../http/errors.ts';
import { failInterruptedBackups } from './backups.ts';
import { canStart, nextStepIndex, OPERATIONS, type OperationKind } from './operations.ts';
import { compensate, STEPS, type LifecycleDeps, type OperationParams, type StepContext } from './steps.ts';
import { lifecycleNotification } from '../notifications/messages.ts';
import { notifyProjectMembers, projectFacts } from '../notifications/writer.ts';

/** Test seam: thrown by `beforeStep`, it stops the run the way a dying process would (nothing more recorded). */
export class OperationStopped extends Error {
  override name = 'OperationStopped';
}

export const DEV_FAILURE_MESSAGE = 'Failed on purpose by the developer switch (fail_next); the data is intact';

export interface Lifecycle {
  /** Moves the project to the operation's status and runs it in the background. 409 when the status does not fit. */
  start(projectId: number, kind: OperationKind, params?: OperationParams): Promise<{ id: string }>;
  /** Start-up: continues every operation left running. */
  resumePending(): Promise<void>;
  /** Resolves when no operation is running (shutdown, tests). */
  settled(): Promise<void>;
  /** Stops looking for operations whose process died (shutdown). Operations already running go on. */
  close(): void;
}

/**
 * Several platform processes may share one platform database (issue 23): an operation is run by the process holding
 * its lease, renewed every third of this while it runs. A process that dies stops renewing; once the lease has run
 * out another process takes the operation over after its last completed step (it never runs twice at once).
 */
export const OPERATION_LEASE_MS = 15_000;

export interface LifecycleOptions extends LifecycleDeps {
  beforeStep?: (ref: string, kind: OperationKind, step: string) => Promise<void> | void;
  /** See OPERATION_LEASE_MS (tests shorten it). */
  leaseMs?: number;
}

interface OperationRow {
  id: string;
  kind: OperationKind;
  status: string;
  step: string | null;
  params: OperationParams;
  project_id: number;
  ref: string;
}

async function setProjectStatus(db: Pick<pg.Pool, 'query'>, projectId: number, status: string, pausedAt: 'now' | 'clear' | 'keep') {
  await db.query(
    `with project as (
       update projects set status = $2, updated_at = now(),
              paused_at = case $3::text when 'now' then now() when 'clear' then null else paused_at end
        where id = $1 returning id, ref)
     update databases d set status = $2 from project where d.project_id = project.id and d.identifier = project.ref`,
    [projectId, status, pausedAt],
  );
}

export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { platform } = options;
  const running = new Map<string, Promise<void>>();
  const leaseMs = options.leaseMs ?? OPERATION_LEASE_MS;
  const leaseSeconds = leaseMs / 1000;
  /** This process, as named in the leases it holds. */
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** Takes (or renews) the operation's lease: true when this process may run it now. */
  async function claim(id: string): Promise<boolean> {
    const { rowCount } = await platform.query(
      `update project_operations set lease_owner = $2, lease_expires_at = now() + make_interval(secs => $3)
        where id = $1 and status = 'running'
          and (lease_owner is null or lease_owner = $2 or lease_expires_at < now())`,
      [id, owner, leaseSeconds],
    );
    return rowCount === 1;
  }

  async function start(projectId: number, kind: OperationKind, params: OperationParams = {}): Promise<{ id: string }> {
    const definition = OPERATIONS[kind];
    const id = await withTransaction(platform, async (client) => {
      const { rows } = await client.query<{ status: string; dev_fail_next: string | null }>(
        'select status, dev_fail_next from projects where id = $1 and deletion_requested_at is null for update',
        [projectId],
      );
      const project = rows[0];
      if (!project) throw notFound('Project not found');
      if (!canStart(kind, project.status)) {
        throw conflict(`The project cannot be ${definition.participle} while it is ${project.status}`);
      }
      // The developer switch is used up by the operation it names.
      const fail = project.dev_fail_next === kind;
      if (fail) await client.query('update projects set dev_fail_next = null where id = $1', [projectId]);
      await setProjectStatus(client, projectId, definition.during, 'keep');
      const inserted = await client.query<{ id: string }>(
        `insert into project_operations (project_id, kind, step, params, lease_owner, lease_expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning id`,
        [projectId, kind, kind === 'upgrade' ? '0_requested' : null, { ...params, ...(fail ? { fail: true } : {}) }, owner, leaseSeconds],
      );
      return inserted.rows[0]!.id;
    });
    void schedule(id);
    return { id };
  }

  async function load(id: string): Promise<OperationRow | null> {
    const { rows } = await platform.query<OperationRow>(
      `select o.id, o.kind, o.status, o.step, o.params, o.project_id, p.ref
         from project_operations o join projects p on p.id = o.project_id where o.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async function finish(op: OperationRow, ok: boolean, error?: string): Promise<void> {
    const definition = OPERATIONS[op.kind];
    await withTransaction(platform, async (client) => {
      await client.query(
        `update project_operations set status = $2, error = $3, updated_at = now(), finished_at = now() where id = $1`,
        [op.id, ok ? 'succeeded' : 'failed', error ?? null],
      );
      const pausedAt = ok && op.kind === 'pause' ? 'now' : ok && op.kind === 'restore' ? 'clear' : 'keep';
      await setProjectStatus(client, op.project_id, ok ? definition.done : definition.failed, pausedAt);
      // Issue 21: the organization's members are told, in the same transaction as the outcome they are told of.
      const project = await projectFacts(client, op.project_id);
      const notification = project && lifecycleNotification(op.kind, ok, project, error);
      if (notification) await notifyProjectMembers(client, op.project_id, notification);
    });
  }

  async function run(id: string): Promise<void> {
    // Another process holds it (it runs it now): not this one.
    if (!(await claim(id))) return;
    let lost = false;
    let done = false;
    const renewal = setInterval(() => {
      claim(id).then(
        (held) => (lost ||= !held),
        () => {},
      );
    }, leaseMs / 3);
    renewal.unref();
    try {
      done = await runClaimed(id, () => lost);
    } finally {
      clearInterval(renewal);
      // Stopped here without an outcome while this process lives on (a test's stop): free the lease at once.
      if (!done && !lost) {
        await platform
          .query('update project_operations set lease_owner = null, lease_expires_at = null where id = $1 and lease_owner = $2', [id, owner])
          .catch(() => {});
      }
    }
  }

  /** Runs the claimed operation's remaining steps; true once its outcome is recorded. */
  async function runClaimed(id: string, leaseLost: () => boolean): Promise<boolean> {
    const op = await load(id);
    if (!op || op.status !== 'running') return true;
    const definition = OPERATIONS[op.kind];
    const ctx: StepContext = { deps: options, project: { id: op.project_id, ref: op.ref }, operationId: op.id, params: op.params };
    try {
      for (let index = nextStepIndex(op.kind, op.step); index < definition.steps.length; index++) {
        const step = definition.steps[index]!;
        // Another process has taken the operation over (this one was too slow to renew): it goes on from here.
        if (leaseLost()) return false;
        await options.beforeStep?.(op.ref, op.kind, step);
        if (op.params.fail && step === definition.failAt) throw new Error(DEV_FAILURE_MESSAGE);
        await STEPS[op.kind][step]!(ctx);
        await platform.query('update project_operations set step = $2, updated_at = now() where id = $1', [op.id, step]);
      }
      if (leaseLost()) return false;
      await finish(op, true);
      return true;
    } catch (error) {
      if (error instanceof OperationStopped) return false;
      const message = (error as Error).message || String(error);
      if (message !== DEV_FAILURE_MESSAGE) logServerError(`${op.kind} of ${op.ref}`, error);
      await compensate(op.kind, ctx).catch((failure) => logServerError(`undoing the failed ${op.kind} of ${op.ref}`, failure));
      await finish(op, false, message.slice(0, 2000)).catch((failure) => logServerError(`recording the failed ${op.kind} of ${op.ref}`, failure));
      return true;
    }
  }

  /** Schedules every running operation whose lease is free or has run out (start-up, then the sweep). */
  async function adoptOrphans(): Promise<void> {
    const { rows } = await platform.query<{ id: string }>(
      `select o.id from project_operations o join projects p on p.id = o.project_id
        where o.status = 'running' and p.deletion_requested_at is null
          and (o.lease_owner is null or o.lease_owner = $1 or o.lease_expires_at < now())
        order by o.started_at`,
      [owner],
    );
    for (const { id } of rows) void schedule(id);
  }

  let sweep: NodeJS.Timeout | undefined;

  function schedule(id: string): Promise<void> {
    const current = running.get(id);
    if (current) return current;
    const job = run(id)
      .catch((error) => logServerError(`lifecycle operation ${id} (resumed at next start)`, error))
      .finally(() => running.delete(id));
    running.set(id, job);
    return job;
  }

  return {
    start,
    async resumePending() {
      await failInterruptedBackups(platform);
      await adoptOrphans();
      // A process that dies mid-operation is noticed by the others once its lease runs out.
      sweep ??= setInterval(() => {
        adoptOrphans().catch(() => {});
      }, leaseMs / 2);
      sweep.unref();
    },
    close() {
      if (sweep) clearInterval(sweep);
      sweep = undefined;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
