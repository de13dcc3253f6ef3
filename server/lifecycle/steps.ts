// What each step of each operation does (operations.ts lists them in order). Every step is idempotent: after a
// platform restart the runner runs the first step not recorded as completed, which may have half-run before.
import type pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import type { ProjectPools } from '../projects/pools.ts';
import type { StorageBackend } from '../storage/backend.ts';
import { takeBackup } from './backups.ts';
import { connectionLimit } from './compute.ts';
import {
  checkAnswers,
  closeDatabase,
  holdConnections,
  installedExtensions,
  openDatabase,
  updateExtensions,
  vacuumAnalyze,
  withProjectAdmin,
} from './database.ts';
import { findPgDump } from './dump.ts';
import type { OperationKind } from './operations.ts';

export interface LifecycleDeps {
  server: DatabaseServer;
  platform: pg.Pool;
  pools: ProjectPools;
  filesDir: string;
  /** Where backups are kept (issue 23): the platform's storage backend; the local folder when omitted. */
  storage?: StorageBackend;
  /** e.g. '15.18' */
  postgresVersion: string;
}

export interface OperationParams {
  /** Set from the developer switch when the operation started: fail at the definition's failAt step. */
  fail?: boolean;
  /** resize */
  compute_size?: string;
  previous_size?: string;
  /** upgrade: the app version recorded at 6_completed_data_upgrade, and the one to put back on failure. */
  target_app_version?: string;
  target_version?: string;
  previous_version?: string;
  /** restore with a chosen Postgres version: recorded as the project's db_version. */
  db_version?: string;
}

export interface StepContext {
  deps: LifecycleDeps;
  project: { id: number; ref: string };
  operationId: string;
  params: OperationParams;
}

type Step = (ctx: StepContext) => Promise<void>;

/** The compute size of the project's primary database decides its connection limit. */
async function projectLimit(ctx: StepContext): Promise<number> {
  const { rows } = await ctx.deps.platform.query<{ size: string }>(
    `select infra_compute_size as size from databases where project_id = $1 and identifier = $2`,
    [ctx.project.id, ctx.project.ref],
  );
  return connectionLimit(rows[0]?.size ?? 'ci_micro');
}

const open: Step = async (ctx) => openDatabase(ctx.deps, ctx.project.ref, await projectLimit(ctx));
const hold: Step = (ctx) => holdConnections(ctx.deps, ctx.project.ref);
const check: Step = (ctx) => checkAnswers(ctx.deps, ctx.project.ref);
const backup = (kind: 'pause' | 'upgrade'): Step => async (ctx) => {
  await takeBackup({ ...ctx.deps, platform: ctx.deps.platform }, ctx.project, kind);
};

export const STEPS: Readonly<Record<OperationKind, Record<string, Step>>> = {
  pause: {
    backup: backup('pause'),
    close: (ctx) => closeDatabase(ctx.deps, ctx.project.ref),
  },
  restore: {
    async open(ctx) {
      await open(ctx);
      if (ctx.params.db_version) {
        await ctx.deps.platform.query('update projects set db_version = $2 where id = $1', [ctx.project.id, ctx.params.db_version]);
      }
    },
    check,
  },
  restart: { hold, open, check },
  resize: {
    async record(ctx) {
      const size = ctx.params.compute_size!;
      await ctx.deps.platform.query(
        `update databases set infra_compute_size = $3 where project_id = $1 and identifier = $2`,
        [ctx.project.id, ctx.project.ref, size],
      );
      // spec A3 Project add-ons: the compute size is also the selected compute_instance add-on.
      await ctx.deps.platform.query(
        `insert into project_addons (project_id, addon_type, variant_identifier) values ($1, 'compute_instance', $2)
         on conflict (project_id, addon_type) do update set variant_identifier = excluded.variant_identifier`,
        [ctx.project.id, size],
      );
    },
    hold,
    open,
    check,
  },
  // One cluster cannot change its major version: "upgrading" moves the project to the version the server runs
  // (the only one it can offer). Each progress step does what it can really do here.
  upgrade: {
    // Prepare new server: the tools the upgrade ends with must exist (the final backup needs pg_dump).
    async '1_started'(ctx) {
      await findPgDump(ctx.deps.postgresVersion.split('.')[0]!);
    },
    // Prepare for migration: flush everything to disk first.
    async '2_launched_upgraded_instance'(ctx) {
      await withProjectAdmin(ctx.deps.server, ctx.project.ref, (client) =>
        client.query('checkpoint').then(
          () => undefined,
          // Not a superuser (an external server): a checkpoint is an optimisation, not a requirement.
          (error: { code?: string }) => {
            if (error.code !== '42501') throw error;
          },
        ),
      );
    },
    // Pre-upgrade checks: every installed extension must still be offered by the server.
    async '3_detached_volume_from_upgraded_instance'(ctx) {
      const missing = (await installedExtensions(ctx.deps.server, ctx.project.ref)).filter((e) => e.default_version === null);
      if (missing.length > 0) {
        throw new Error(`Extensions not available on the server: ${missing.map((e) => e.name).join(', ')}`);
      }
    },
    // Shut down API services: the project's roles are refused until step 9.
    '4_attached_volume_to_original_instance': hold,
    // Migrate to new database: the data files stay where they are (same cluster); check the database answers
    // the platform while closed to its roles.
    async '5_initiated_data_upgrade'(ctx) {
      await withProjectAdmin(ctx.deps.server, ctx.project.ref, (client) => client.query('select 1').then(() => undefined));
    },
    // Execute database migration: the project now reports the server's version.
    async '6_completed_data_upgrade'(ctx) {
      await ctx.deps.platform.query('update projects set db_version = $2, updated_at = now() where id = $1', [
        ctx.project.id,
        ctx.params.target_app_version,
      ]);
    },
    // Update extensions.
    async '7_detached_volume_from_original_instance'(ctx) {
      await updateExtensions(ctx.deps.server, ctx.project.ref);
    },
    // Optimize database.
    async '8_attached_volume_to_upgraded_instance'(ctx) {
      await vacuumAnalyze(ctx.deps.server, ctx.project.ref);
    },
    // Completed: open to the project's roles again and check it answers.
    async '9_completed_upgrade'(ctx) {
      await open(ctx);
      await check(ctx);
    },
    // CompletedUpgrade: the full backup.
    backup: backup('upgrade'),
  },
};

/** After a failure: put the database back as it was before the operation (best effort; errors are logged). */
export async function compensate(kind: OperationKind, ctx: StepContext): Promise<void> {
  switch (kind) {
    case 'resize':
      if (ctx.params.previous_size) {
        await ctx.deps.platform.query(
          `update databases set infra_compute_size = $3 where project_id = $1 and identifier = $2`,
          [ctx.project.id, ctx.project.ref, ctx.params.previous_size],
        );
      }
      await open(ctx);
      return;
    case 'pause':
    case 'restart':
      await open(ctx);
      return;
    case 'upgrade':
      await open(ctx);
      if (ctx.params.previous_version) {
        await ctx.deps.platform.query('update projects set db_version = $2 where id = $1', [ctx.project.id, ctx.params.previous_version]);
      }
      return;
    case 'restore':
      // The database stays as it is (closed while paused); the user may try again.
      return;
  }
}
