// Read replicas (issue 20, spec A4.5): a replica is a second database of the same cluster kept in sync with the
// project's database by LOGICAL replication — a publication FOR ALL TABLES on the primary, a subscription on the
// replica — and read-only to clients (the replica database's default_transaction_read_only = on; the console's
// queries through it run in READ ONLY transactions).
//
// Why logical replication in the same cluster and not a second cluster streaming physically: a second embedded
// cluster costs a postmaster, its shared buffers and its own port per replica (~40 MB RSS and a second start-up), and
// physical standby setup (pg_basebackup, recovery config) is a whole-cluster operation — every tenant's database would
// be copied to serve one. A subscription in the same cluster copies one database and costs one apply worker.
// The price: DDL is not replicated (REPLICA_DDL_NOTE), and the server must run with wal_level = logical.
//
// The seven steps of A4.5 are persisted in the databases row (migration 0024) before their work starts; each work is
// idempotent, so a setup interrupted by a restart is resumed from its step (resumeReplicaSetups). A failing step ends
// the setup with the failure A4.5 names for it (failureOfStep).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient, withDatabaseClient } from '../db/platformDb.ts';
import { findPgDump, libpqEnv, runPgTool } from '../lifecycle/dump.ts';
import { apiRole, ownerRole, projectDatabase, randomLetters } from '../projects/names.ts';
import { filterRestoreList } from '../branches/clone.ts';
import { logServerError } from '../http/errors.ts';
import { notifyProjectMembers, projectFacts } from '../notifications/writer.ts';
import { markdownText } from '../notifications/messages.ts';
import {
  failureOfStep,
  REPLICA_SETUP_STEPS,
  REPLICA_STATUS,
  walLevelProblem,
  type ReplicaSetupStep,
} from '../../src/domain/replicas.ts';
import { closeReplicaPool } from './pools.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export interface ReplicaDeps {
  server: DatabaseServer;
  platform: pg.Pool;
  /** Test seam: awaited before the work of each step (to fail or stop a setup at a chosen step). */
  beforeStep?: (identifier: string, step: ReplicaSetupStep) => Promise<void> | void;
}

/** Names of a replica's objects, all derived from the project ref and the identifier's suffix. */
export function replicaNames(ref: string, suffix: string) {
  const name = `strata_rr_${ref}_${suffix}`;
  return { database: `${projectDatabase(ref)}_rr_${suffix}`, publication: name, slot: name, subscription: name };
}

export const newReplicaSuffix = () => randomLetters(6);
export const replicaIdentifier = (ref: string, suffix: string) => `${ref}-rr-${suffix}`;
export const suffixOf = (identifier: string) => identifier.slice(identifier.lastIndexOf('-') + 1);

/** The platform's own sessions on a replica database (read-only by default) may write: they manage it. */
function withDatabase<T>(server: DatabaseServer, database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withDatabaseClient(server, database, work, '-c default_transaction_read_only=off');
}

/**
 * Why this server cannot hold read replicas, or null: logical replication needs wal_level = logical and a platform
 * user allowed to create subscriptions (a superuser on Postgres 15).
 */
export async function replicationProblem(server: DatabaseServer): Promise<string | null> {
  return withAdminClient(server, async (admin) => {
    const { rows } = await admin.query<{ wal_level: string; superuser: boolean; slots: number }>(
      `select current_setting('wal_level') as wal_level, (select rolsuper from pg_roles where rolname = current_user) as superuser,
              current_setting('max_replication_slots')::int as slots`,
    );
    const row = rows[0]!;
    if (row.wal_level !== 'logical') return walLevelProblem(row.wal_level);
    if (!row.superuser) return 'Read replicas need the platform to connect to the Postgres server as a superuser (to create subscriptions).';
    const used = await admin.query<{ n: number }>('select count(*)::int as n from pg_replication_slots');
    if ((used.rows[0]?.n ?? 0) >= row.slots) {
      return `All ${row.slots} replication slots of the Postgres server are in use (max_replication_slots); remove a read replica first.`;
    }
    return null;
  });
}


interface ReplicaRow {
  id: number;
  project_id: number;
  identifier: string;
  ref: string;
  status: string;
  setup_step: ReplicaSetupStep | null;
}

async function loadReplica(platform: Queryable, identifier: string): Promise<ReplicaRow | null> {
  const { rows } = await platform.query<ReplicaRow>(
    `select d.id, d.project_id, d.identifier, p.ref, d.status, d.setup_step
       from databases d join projects p on p.id = d.project_id
      where d.identifier = $1 and d.database_type = 'READ_REPLICA'`,
    [identifier],
  );
  return rows[0] ?? null;
}

async function setStep(platform: Queryable, id: number, step: ReplicaSetupStep): Promise<void> {
  await platform.query('update databases set setup_step = $2, setup_updated_at = now() where id = $1', [id, step]);
}

/** The work each step's label names (spec A4.5), run while the setup stands at that step. */
const WORK: Record<Exclude<ReplicaSetupStep, 'CompletedReadReplicaSetup'>, (deps: ReplicaDeps, replica: ReplicaRow) => Promise<void>> = {
  // 'Requesting replica instance': the server can replicate, and the primary is running.
  async Requested(deps, replica) {
    const problem = await replicationProblem(deps.server);
    if (problem) throw new Error(problem);
    const { rows } = await deps.platform.query<{ status: string }>('select status from projects where id = $1', [replica.project_id]);
    if (rows[0]?.status !== 'ACTIVE_HEALTHY') throw new Error(`The primary is not running (status ${rows[0]?.status ?? 'gone'})`);
  },
  // 'Launching replica instance': the replica's own database, owned by the project's owner, closed to everyone else.
  async Started(deps, replica) {
    const names = replicaNames(replica.ref, suffixOf(replica.identifier));
    await withAdminClient(deps.server, async (admin) => {
      const database = admin.escapeIdentifier(names.database);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [names.database]);
      if (!rowCount) await admin.query(`create database ${database} owner ${admin.escapeIdentifier(ownerRole(replica.ref))}`);
      await admin.query(`revoke connect on database ${database} from public`);
    });
  },
  // 'Initiating replica setup': the publication of every table and the replication slot on the primary. Tables
  // without a primary key get REPLICA IDENTITY FULL: a FOR ALL TABLES publication would otherwise make the primary
  // refuse their UPDATEs and DELETEs.
  async LaunchedReadReplicaInstance(deps, replica) {
    const names = replicaNames(replica.ref, suffixOf(replica.identifier));
    await withDatabase(deps.server, projectDatabase(replica.ref), async (admin) => {
      const exists = await admin.query('select 1 from pg_publication where pubname = $1', [names.publication]);
      if (!exists.rowCount) await admin.query(`create publication ${admin.escapeIdentifier(names.publication)} for all tables`);
      const { rows: keyless } = await admin.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and c.relreplident = 'd' and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg_toast%' and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
      );
      for (const { name } of keyless) await admin.query(`alter table ${name} replica identity full`);
      const slot = await admin.query('select 1 from pg_replication_slots where slot_name = $1', [names.slot]);
      // Made here and not by CREATE SUBSCRIPTION: a subscription to the same cluster cannot create its own slot
      // (the slot would wait for the very transaction creating it).
      if (!slot.rowCount) await admin.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [names.slot]);
    });
  },
  // 'Downloading base backup': the primary's schema (pg_dump --schema-only, as branches are made), restored into the
  // replica as the project's owner; extensions are created first by the platform. The rows come with the subscription.
  async InitiatedReadReplicaSetup(deps, replica) {
    const names = replicaNames(replica.ref, suffixOf(replica.identifier));
    const restored = await withDatabase(deps.server, names.database, async (client) =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
              and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`,
        )
      ).rows[0]!.n,
    );
    if (restored > 0) return; // an earlier run restored it (one transaction: all or nothing)
    const { rows } = await withAdminClient(deps.server, (admin) => admin.query<{ v: string }>("select current_setting('server_version_num') as v"));
    const pgDump = await findPgDump(String(Math.floor(Number(rows[0]!.v) / 10000)));
    const pgRestore = join(dirname(pgDump), 'pg_restore');
    const base = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const primaryEnv = { ...base, ...libpqEnv(deps.server.url(projectDatabase(replica.ref))) };
    const replicaEnv = { ...base, ...libpqEnv(deps.server.url(names.database)), PGOPTIONS: `-c role=${ownerRole(replica.ref)}` };
    const extensions = await withDatabase(deps.server, projectDatabase(replica.ref), async (client) =>
      (
        await client.query<{ name: string; schema: string }>(
          `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
            where e.extname <> 'plpgsql' order by e.oid`,
        )
      ).rows,
    );
    const premade = new Set<string>();
    await withDatabase(deps.server, names.database, async (admin) => {
      const owner = admin.escapeIdentifier(ownerRole(replica.ref));
      for (const { name, schema } of extensions) {
        const exists = await admin.query('select 1 from pg_namespace where nspname = $1', [schema]);
        if (!exists.rowCount) {
          await admin.query(`create schema ${admin.escapeIdentifier(schema)} authorization ${owner}`);
          premade.add(schema);
        }
        await admin.query(`create extension if not exists ${admin.escapeIdentifier(name)} with schema ${admin.escapeIdentifier(schema)}`);
      }
    });
    const folder = await mkdtemp(join(tmpdir(), 'strata-replica-'));
    try {
      const dump = join(folder, 'primary.dump');
      const list = join(folder, 'restore.list');
      await runPgTool(pgDump, ['--format=custom', '--schema-only', '--no-owner', '--no-privileges', '--no-publications', '--no-subscriptions', `--file=${dump}`], primaryEnv);
      await writeFile(list, filterRestoreList(await runPgTool(pgRestore, ['--list', dump], base), premade));
      await runPgTool(
        pgRestore,
        ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--use-list=${list}`, `--dbname=${names.database}`, dump],
        replicaEnv,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
  // 'Replaying WAL archives': the subscription copies every table's rows, then applies the changes streamed since the
  // slot was made; done when every table is synchronised and the replica has confirmed the primary's current WAL.
  async DownloadedBaseBackup(deps, replica) {
    const names = replicaNames(replica.ref, suffixOf(replica.identifier));
    const conninfo = libpqConninfo(deps.server.url(projectDatabase(replica.ref)));
    await withDatabase(deps.server, names.database, async (admin) => {
      const exists = await admin.query('select 1 from pg_subscription where subname = $1', [names.subscription]);
      if (!exists.rowCount) {
        await admin.query(
          `create subscription ${admin.escapeIdentifier(names.subscription)} connection ${admin.escapeLiteral(conninfo)}
             publication ${admin.escapeIdentifier(names.publication)}
             with (create_slot = false, slot_name = ${admin.escapeLiteral(names.slot)}, copy_data = true)`,
        );
      }
    });
    const target = await withDatabase(deps.server, projectDatabase(replica.ref), async (admin) =>
      (await admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn,
    );
    const deadline = Date.now() + REPLAY_TIMEOUT_MS;
    for (;;) {
      const state = await withDatabase(deps.server, names.database, async (admin) => {
        const { rows } = await admin.query<{ pending: number; errors: number; caught_up: boolean }>(
          `select (select count(*)::int from pg_subscription_rel r join pg_subscription s on s.oid = r.srsubid
                    where s.subname = $1 and r.srsubstate not in ('r', 's')) as pending,
                  coalesce((select sync_error_count + apply_error_count from pg_stat_subscription_stats where subname = $1), 0)::int as errors,
                  coalesce((select confirmed_flush_lsn >= $2::pg_lsn from pg_replication_slots where slot_name = $3), false) as caught_up`,
          [names.subscription, target, names.slot],
        );
        return rows[0]!;
      });
      if (state.errors > 0) throw new Error(`The subscription failed to copy or apply changes ${state.errors} time(s); the Postgres log says why`);
      if (state.pending === 0 && state.caught_up) return;
      if (Date.now() > deadline) throw new Error(`The replica did not catch up within ${REPLAY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  },
  // 'Completing set up': read-only to clients; the project's API role may connect and reads it.
  async ReplayedWalArchives(deps, replica) {
    const names = replicaNames(replica.ref, suffixOf(replica.identifier));
    await withAdminClient(deps.server, async (admin) => {
      const database = admin.escapeIdentifier(names.database);
      await admin.query(`alter database ${database} set default_transaction_read_only = on`);
      await admin.query(`grant connect on database ${database} to ${admin.escapeIdentifier(apiRole(replica.ref))}`);
    });
    const { rows } = await deps.platform.query<{ password: string }>(
      'select api_role_password as password from project_secrets where project_id = $1',
      [replica.project_id],
    );
    if (!rows[0]) throw new Error('The project has no platform secrets');
    const client = new pg.Client({ connectionString: deps.server.urlAs(names.database, apiRole(replica.ref), rows[0].password) });
    client.on('error', () => {});
    await client.connect();
    try {
      const { rows: setting } = await client.query<{ ro: string }>("select current_setting('default_transaction_read_only') as ro");
      if (setting[0]?.ro !== 'on') {
        const { rows: why } = await client.query<{ s: string }>(
          `select coalesce(string_agg(coalesce(r.rolname, '*') || ':' || array_to_string(c.setconfig, ','), '; '), 'none') as s
             from pg_db_role_setting c left join pg_roles r on r.oid = c.setrole left join pg_database d on d.oid = c.setdatabase
            where d.datname = current_database() or c.setdatabase = 0`,
        );
        throw new Error(`The replica database is not read-only (settings: ${why[0]?.s})`);
      }
    } finally {
      await client.end().catch(() => {});
    }
  },
};

/** How long the initial copy and catch-up may take. */
export const REPLAY_TIMEOUT_MS = 10 * 60_000;

/** A libpq key=value connection string of a postgres:// URL (what CREATE SUBSCRIPTION takes). */
export function libpqConninfo(url: string): string {
  const env = libpqEnv(url);
  const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const pairs: [string, string | undefined][] = [
    ['host', env.PGHOST],
    ['port', env.PGPORT],
    ['dbname', env.PGDATABASE],
    ['user', env.PGUSER],
    ['password', env.PGPASSWORD],
  ];
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${key}=${quote(value)}`)
    .join(' ');
}

const running = new Map<string, Promise<void>>();

/** Runs (or joins) the setup of a replica from the step it stands at. */
export function runReplicaSetup(deps: ReplicaDeps, identifier: string): Promise<void> {
  const current = running.get(identifier);
  if (current) return current;
  const job = setup(deps, identifier)
    .catch((error) => logServerError(`read replica ${identifier}`, error))
    .finally(() => running.delete(identifier));
  running.set(identifier, job);
  return job;
}

export const isSetupRunning = (identifier: string) => running.has(identifier);

async function setup(deps: ReplicaDeps, identifier: string): Promise<void> {
  const replica = await loadReplica(deps.platform, identifier);
  if (!replica || replica.status !== REPLICA_STATUS.init) return;
  let index = Math.max(0, REPLICA_SETUP_STEPS.indexOf(replica.setup_step ?? 'Requested'));
  for (; index < REPLICA_SETUP_STEPS.length - 1; index++) {
    const step = REPLICA_SETUP_STEPS[index]!;
    await setStep(deps.platform, replica.id, step);
    try {
      await deps.beforeStep?.(identifier, step);
      await WORK[step as keyof typeof WORK](deps, replica);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await deps.platform.query(
        `update databases set status = $2, setup_failure = $3, setup_error = $4, setup_updated_at = now() where id = $1`,
        [replica.id, REPLICA_STATUS.failed, failureOfStep(step), message],
      );
      return;
    }
    // Deleted meanwhile: stop (the delete cleans up what was made).
    if (!(await loadReplica(deps.platform, identifier))) return;
  }
  const { rowCount } = await deps.platform.query(
    `update databases set status = $2, setup_step = 'CompletedReadReplicaSetup', setup_updated_at = now() where id = $1 and status = $3`,
    [replica.id, REPLICA_STATUS.healthy, REPLICA_STATUS.init],
  );
  if (rowCount) await notifyReplicaReady(deps.platform, replica).catch((error) => logServerError('replica notification', error));
}

/** issue 21 "a replica ready": every member of the project's organization is told (server/notifications/writer.ts). */
async function notifyReplicaReady(platform: Queryable, replica: ReplicaRow): Promise<void> {
  const project = await projectFacts(platform, replica.project_id);
  if (!project) return;
  await notifyProjectMembers(platform, project.id, {
    data: {
      project_ref: project.ref,
      org_slug: project.orgSlug,
      title: `A read replica of ${project.name} is ready`,
      message: `The read replica **${markdownText(replica.identifier)}** of **${markdownText(project.name)}** is set up and accepts read-only queries.`,
      actions: [{ label: 'Replication', url: '/project/[ref]/database/replication', action_type: 'link' }],
    },
  });
}

/** Start-up / first read: setups left INIT_READ_REPLICA by a stopped platform go on from their step. */
export async function resumeReplicaSetups(deps: ReplicaDeps, projectId?: number): Promise<void> {
  const { rows } = await deps.platform.query<{ identifier: string }>(
    `select identifier from databases where database_type = 'READ_REPLICA' and status = $1 and ($2::int is null or project_id = $2)`,
    [REPLICA_STATUS.init, projectId ?? null],
  );
  for (const { identifier } of rows) void runReplicaSetup(deps, identifier);
}

/**
 * Removes a replica: its subscription (and with it the slot on the primary), the publication, the replica database,
 * then its row. Works while the primary is paused (its database is opened to the platform for the slot's removal).
 */
export async function dropReplica(deps: Omit<ReplicaDeps, 'beforeStep'>, ref: string, identifier: string): Promise<void> {
  const names = replicaNames(ref, suffixOf(identifier));
  await running.get(identifier)?.catch(() => {});
  await closeReplicaPool(names.database);
  await withAdminClient(deps.server, async (admin) => {
    const replicaDb = await admin.query('select 1 from pg_database where datname = $1', [names.database]);
    let subscriptionOid: string | null = null;
    if (replicaDb.rowCount) {
      await withDatabase(deps.server, names.database, async (client) => {
        const sub = await client.query<{ oid: string }>('select oid::text from pg_subscription where subname = $1', [names.subscription]);
        if (!sub.rows[0]) return;
        subscriptionOid = sub.rows[0].oid;
        const name = client.escapeIdentifier(names.subscription);
        // Detached from its slot, the drop does not reach the primary; the slots are dropped below.
        await client.query(`alter subscription ${name} disable`);
        await client.query(`alter subscription ${name} set (slot_name = none)`);
        await client.query(`drop subscription ${name}`);
      });
    }
    const { rows: primary } = await admin.query<{ allow: boolean }>('select datallowconn as allow from pg_database where datname = $1', [
      projectDatabase(ref),
    ]);
    if (primary[0]) {
      const database = admin.escapeIdentifier(projectDatabase(ref));
      if (!primary[0].allow) await admin.query(`alter database ${database} allow_connections true`);
      try {
        await withDatabase(deps.server, projectDatabase(ref), async (client) => {
          // The replica's slot and any table-sync slot its subscription left (pg_{oid}_sync_…): the disabled
          // subscription's walsenders take a moment to go.
          for (let attempt = 0; ; attempt++) {
            try {
              await client.query(
                `select pg_drop_replication_slot(slot_name) from pg_replication_slots
                  where database = current_database() and (slot_name = $1 or slot_name like $2) and not active`,
                [names.slot, `pg\\_${subscriptionOid ?? 'none'}\\_sync\\_%`],
              );
              const left = await client.query('select 1 from pg_replication_slots where slot_name = $1', [names.slot]);
              if (!left.rowCount || attempt >= 40) break;
            } catch (error) {
              if (attempt >= 40) throw error;
            }
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          await client.query(`drop publication if exists ${client.escapeIdentifier(names.publication)}`);
        });
      } finally {
        if (!primary[0].allow) await admin.query(`alter database ${database} allow_connections false`);
      }
    }
    await admin.query(`drop database if exists ${admin.escapeIdentifier(names.database)} with (force)`);
  });
  await deps.platform.query(`delete from databases where identifier = $1 and database_type = 'READ_REPLICA'`, [identifier]);
}

/** Every replica of a project goes before the project's database (a slot would keep DROP DATABASE from running). */
export async function dropProjectReplicas(deps: Omit<ReplicaDeps, 'beforeStep'>, ref: string): Promise<void> {
  const { rows } = await deps.platform.query<{ identifier: string }>(
    `select d.identifier from databases d join projects p on p.id = d.project_id where p.ref = $1 and d.database_type = 'READ_REPLICA'`,
    [ref],
  );
  for (const { identifier } of rows) await dropReplica(deps, ref, identifier);
}

/** Creates the replica's row (step Requested) and starts its setup in the background; returns its identifier. */
export async function requestReplica(deps: ReplicaDeps, project: { id: number; ref: string; region: string }): Promise<string> {
  const suffix = newReplicaSuffix();
  const identifier = replicaIdentifier(project.ref, suffix);
  await deps.platform.query(
    `insert into databases (project_id, identifier, database_type, region, status, db_host, db_port, db_name, db_user, infra_compute_size,
                            setup_step, setup_updated_at)
     select $1, $2, 'READ_REPLICA', $3, $4, $5, $6, $7, $8, d.infra_compute_size, 'Requested', now()
       from databases d where d.project_id = $1 and d.identifier = $9`,
    [
      project.id,
      identifier,
      project.region,
      REPLICA_STATUS.init,
      deps.server.host,
      deps.server.port,
      replicaNames(project.ref, suffix).database,
      ownerRole(project.ref),
      project.ref,
    ],
  );
  void runReplicaSetup(deps, identifier);
  return identifier;
}
