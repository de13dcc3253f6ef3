// Runs lifecycle operations (operations.ts) as persisted state machines: the project's status and the
// operation's last completed step live in the platform database, so a platform restart continues every running
// operation after its last completed step (resumePending, like the provisioner's). A failure puts the database
// back as it was (compensate) and ends in the definition's failed status with the error recorded.
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
}

export interface LifecycleOptions extends LifecycleDeps {
  beforeStep?: (ref: string, kind: OperationKind, step: string) => Promise<void> | void;
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
        `insert into project_operations (project_id, kind, step, params) values ($1, $2, $3, $4) returning id`,
        [projectId, kind, kind === 'upgrade' ? '0_requested' : null, { ...params, ...(fail ? { fail: true } : {}) }],
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
    const op = await load(id);
    if (!op || op.status !== 'running') return;
    const definition = OPERATIONS[op.kind];
    const ctx: StepContext = { deps: options, project: { id: op.project_id, ref: op.ref }, operationId: op.id, params: op.params };
    try {
      for (let index = nextStepIndex(op.kind, op.step); index < definition.steps.length; index++) {
        const step = definition.steps[index]!;
        await options.beforeStep?.(op.ref, op.kind, step);
        if (op.params.fail && step === definition.failAt) throw new Error(DEV_FAILURE_MESSAGE);
        await STEPS[op.kind][step]!(ctx);
        await platform.query('update project_operations set step = $2, updated_at = now() where id = $1', [op.id, step]);
      }
      await finish(op, true);
    } catch (error) {
      if (error instanceof OperationStopped) return;
      const message = (error as Error).message || String(error);
      if (message !== DEV_FAILURE_MESSAGE) logServerError(`${op.kind} of ${op.ref}`, error);
      await compensate(op.kind, ctx).catch((failure) => logServerError(`undoing the failed ${op.kind} of ${op.ref}`, failure));
      await finish(op, false, message.slice(0, 2000)).catch((failure) => logServerError(`recording the failed ${op.kind} of ${op.ref}`, failure));
    }
  }

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
      const { rows } = await platform.query<{ id: string }>(
        `select o.id from project_operations o join projects p on p.id = o.project_id
          where o.status = 'running' and p.deletion_requested_at is null order by o.started_at`,
      );
      for (const { id } of rows) void schedule(id);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
