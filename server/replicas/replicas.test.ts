// Read replicas on real Postgres (issue 20, spec A4.5): a replica is set up through the seven steps, a row written to
// the primary reaches it, writes through it fail with Postgres's own error, each step's failure maps to A4.5's
// failure, strangers get 404 and read-only members 403; deleting drops subscription, slot, publication and database,
// and deleting the project takes its replicas with it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { apiRole, projectDatabase } from '../projects/names.ts';
import { REPLICA_SETUP_STEPS, type ReadReplica, type ReplicaSetupStep } from '../../src/domain/replicas.ts';
import { dropReplica, libpqConninfo, replicaNames, requestReplica, runReplicaSetup, suffixOf } from './setup.ts';

let h: PlatformHarness;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let ref: string;
let projectId: number;

const sql = (query: string, database?: string) =>
  h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query, ...(database ? { database } : {}) } });
const list = async (as = owner): Promise<ReadReplica[]> => (await h.call('GET', `/api/platform/projects/${ref}/replicas`, { token: as.token })).body as ReadReplica[];

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function admin<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: h.services.server.url(database) });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  reader = await h.user();
  stranger = await h.user();
  ref = await h.activeProject(owner);
  await h.call('GET', '/api/platform/profile', { token: reader.token });
  await h.services.pool.query(
    `insert into members (organization_id, profile_id, role) select organization_id, $2, 'read_only' from projects where ref = $1`,
    [ref, reader.id],
  );
  projectId = (await h.services.pool.query<{ id: number }>('select id from projects where ref = $1', [ref])).rows[0]!.id;
  const setup = await sql(`create table public.items (id bigint generated always as identity primary key, name text not null);
    insert into public.items (name) values ('one'), ('two'), ('three');
    create table public.log_lines (line text);
    insert into public.log_lines values ('a');`);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
}, 120_000);
afterAll(async () => h?.close());

describe('read replicas', () => {
  let replica: string;

  it('refuses strangers (404) and read-only members (403); refuses a bad body', async () => {
    expect((await h.call('GET', `/api/platform/projects/${ref}/replicas`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('POST', `/api/platform/projects/${ref}/replicas`, { token: stranger.token, body: {} })).status).toBe(404);
    expect((await h.call('GET', `/api/platform/projects/${ref}/replicas`, { token: reader.token })).status).toBe(200);
    const denied = await h.call('POST', `/api/platform/projects/${ref}/replicas`, { token: reader.token, body: {} });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/You need additional permissions/);
    const bad = await h.call('POST', `/api/platform/projects/${ref}/replicas`, { token: owner.token, body: { region: 'Not a region!' } });
    expect(bad.status).toBe(400);
    expect((await h.call('GET', `/api/platform/projects/${ref}/replicas`, { token: null })).status).toBe(401);
  });

  it('sets up a replica through the seven steps to ACTIVE_HEALTHY with the primary rows and a notification', async () => {
    const created = await h.call('POST', `/api/platform/projects/${ref}/replicas`, { token: owner.token, body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    replica = created.body.identifier as string;
    expect(replica).toMatch(new RegExp(`^${ref}-rr-[a-z]{6}$`));
    expect(created.body.status).toBe('INIT_READ_REPLICA');
    const seen = new Set<string>();
    const healthy = await until(
      'the replica to be healthy',
      async () => {
        const row = (await list()).find((r) => r.identifier === replica)!;
        if (row.setup_step) seen.add(row.setup_step);
        return row;
      },
      (row) => row.status !== 'INIT_READ_REPLICA',
    );
    expect(healthy.status, JSON.stringify(healthy)).toBe('ACTIVE_HEALTHY');
    expect(healthy.setup_step).toBe('CompletedReadReplicaSetup');
    expect(healthy.setup_failure).toBeNull();
    expect(seen.size).toBeGreaterThan(1);
    // The project's databases list it (the pickers read it from there).
    const project = await h.call('GET', `/api/platform/projects/${ref}`, { token: owner.token });
    expect((project.body.databases as { identifier: string; status: string }[]).map((d) => [d.identifier, d.status])).toContainEqual([replica, 'ACTIVE_HEALTHY']);
    const rows = await sql('select name from public.items order by id', replica);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body).toEqual([{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    const notes = await h.services.pool.query<{ title: string }>(
      `select n.data->>'title' as title from notifications n where n.profile_id = $1 and n.data->>'project_ref' = $2`,
      [owner.id, ref],
    );
    expect(notes.rows.map((n) => n.title)).toContainEqual(expect.stringMatching(/^A read replica of .* is ready$/));
  }, 90_000);

  it('a row written to the primary reaches the replica, and the lag is measured', async () => {
    expect((await sql("insert into public.items (name) values ('four'); update public.log_lines set line = 'b'")).status).toBe(200);
    const rows = await until(
      'the new row on the replica',
      async () => (await sql("select (select count(*)::int from public.items where name = 'four') as n, (select line from public.log_lines) as line", replica)).body,
      (body) => Array.isArray(body) && body[0].n === 1 && body[0].line === 'b',
      30_000,
    );
    expect(rows).toEqual([{ n: 1, line: 'b' }]);
    const measured = (await list()).find((r) => r.identifier === replica)!;
    expect(typeof measured.lag_bytes).toBe('number');
    expect(measured.lag_bytes).toBeGreaterThanOrEqual(0);
    expect(measured.lag_ms === null || measured.lag_ms >= 0).toBe(true);
  }, 60_000);

  it('the table export reads the picked replica (spec B2.3, issue 20); an unknown replica is 404', async () => {
    // A table only the replica has (made there by the platform): the export finds it only when the replica is named.
    const replicaDb = (await list()).find((r) => r.identifier === replica)!.db_name;
    await admin(replicaDb, (c) => c.query("begin read write; create table public.replica_only (x int); insert into public.replica_only values (42); grant select on public.replica_only to public; commit"));
    const ask = (database?: string) =>
      h.call('POST', `/api/platform/pg-meta/${ref}/export`, { token: owner.token, body: { schema: 'public', table: 'replica_only', ...(database ? { database } : {}) } });
    const onPrimary = await ask();
    expect(onPrimary.status).toBeGreaterThanOrEqual(400);
    expect(onPrimary.status).toBeLessThan(500);
    const link = await ask(replica);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const url = new URL(link.body.url);
    const file = await h.request('GET', `${url.pathname}${url.search}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('x\n42\n');
    expect((await ask('nope-rr-000000')).status).toBe(404);
  }, 60_000);

  it("the table editor's table read (columns, types, keys; and its first page) reads the picked replica (spec B2.3, issue 20)", async () => {
    // DDL is not replicated: a column added on the primary now exists there only; a table made there (no rows, so the
    // subscription has nothing to fail on) too. The read proves where it went by what it sees.
    expect((await sql('alter table public.log_lines add column added_later text; create table public.primary_only (id int primary key)')).status).toBe(200);
    const oid = async (name: string) => ((await sql(`select 'public.${name}'::regclass::oid::int as id`)).body as { id: number }[])[0]!.id;
    const logLines = await oid('log_lines');
    const entity = (id: number, query = '', as = owner) => h.call('GET', `/api/platform/pg-meta/${ref}/entities/${id}${query}`, { token: as.token });
    type Meta = { id: number; name: string; columns: { name: string; data_type: string }[]; primary_keys: string[] };
    const names = (meta: Meta) => meta.columns.map((column) => column.name);

    const onPrimary = await entity(logLines);
    expect(names(onPrimary.body as Meta)).toEqual(['line', 'added_later']);
    const onReplica = await entity(logLines, `?database=${replica}`);
    expect(onReplica.status, JSON.stringify(onReplica.body)).toBe(200);
    // The replica's columns, under the primary's id (the editor's address and tabs name the table by it).
    expect(names(onReplica.body as Meta)).toEqual(['line']);
    expect((onReplica.body as Meta).id).toBe(logLines);
    // The project's ref names the primary.
    expect(names((await entity(logLines, `?database=${ref}`)).body as Meta)).toEqual(['line', 'added_later']);
    // Keys and types come with it.
    const items = (await entity(await oid('items'), `?database=${replica}`)).body as Meta;
    expect(items.primary_keys).toEqual(['id']);
    expect(items.columns.map((column) => [column.name, column.data_type])).toEqual([['id', 'bigint'], ['name', 'text']]);

    // Opening the table: the replica's columns and its first page, read there.
    const opened = await h.call('GET', `/api/platform/pg-meta/${ref}/entities/${logLines}/open?database=${replica}`, { token: owner.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(names(opened.body.meta as Meta)).toEqual(['line']);
    // (The page's cells are named by column position: c0 is line; the primary's page has c1, added_later, too.)
    expect(opened.body.rows).toEqual([expect.objectContaining({ c0: 'b' })]);
    expect(opened.body.rows[0]).not.toHaveProperty('c1');
    const openedPrimary = await h.call('GET', `/api/platform/pg-meta/${ref}/entities/${logLines}/open`, { token: owner.token });
    expect(names(openedPrimary.body.meta as Meta)).toEqual(['line', 'added_later']);
    expect(openedPrimary.body.rows).toEqual([expect.objectContaining({ c0: 'b', c1: null })]);

    // A table the replica does not have: a clear 404.
    const missing = await entity(await oid('primary_only'), `?database=${replica}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Table public.primary_only not found on the read replica');
    // Only this project's replicas, only for its members; a bad value is a 400.
    expect((await entity(logLines, '?database=nope-rr-000000')).status).toBe(404);
    expect((await entity(logLines, `?database=${replica}`, stranger)).status).toBe(404);
    expect((await entity(logLines, `?database=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await sql('alter table public.log_lines drop column added_later; drop table public.primary_only')).status).toBe(200);
  }, 30_000);

  it("refuses writes on the replica with Postgres's error, through the console and for the project's own roles", async () => {
    const write = await sql("insert into public.items (name) values ('nope')", replica);
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);
    expect(JSON.stringify(write.body)).toMatch(/cannot execute INSERT in a read-only transaction/);
    // A role connecting straight to the replica's database (psql, apps) is read-only too.
    const names = replicaNames(ref, suffixOf(replica));
    const { rows } = await h.services.pool.query<{ password: string }>('select api_role_password as password from project_secrets where project_id = $1', [projectId]);
    const client = new pg.Client({ connectionString: h.services.server.urlAs(names.database, apiRole(ref), rows[0]!.password) });
    await client.connect();
    try {
      await expect(client.query("insert into public.items (name) values ('direct')")).rejects.toMatchObject({ code: '25006' });
      expect((await client.query('select count(*)::int as n from public.items')).rows[0].n).toBe(4);
    } finally {
      await client.end();
    }
    // The primary still takes writes, including to a table without a primary key.
    expect((await sql("delete from public.log_lines where line = 'b'")).status).toBe(200);
    // A database that is not this project's is refused.
    const other = await sql('select 1', 'nosuchref-rr-abcdef');
    expect(other.status).toBe(404);
  }, 30_000);

  it('refuses to pause the primary while it has replicas', async () => {
    const pause = await h.call('POST', `/api/platform/projects/${ref}/pause`, { token: owner.token });
    expect(pause.status).toBe(409);
    expect(pause.body.message).toMatch(/read replica/);
  });

  it('a table created on the primary afterwards (DDL is not replicated) stops the replica: it is listed ACTIVE_UNHEALTHY', async () => {
    expect((await sql('create table public.made_later (id int primary key); insert into public.made_later values (1)')).status).toBe(200);
    const row = await until('the replica to be unhealthy', async () => (await list()).find((r) => r.identifier === replica)!, (r) => r.status !== 'ACTIVE_HEALTHY', 30_000);
    expect(row.status).toBe('ACTIVE_UNHEALTHY');
    const query = await sql('select 1', replica);
    expect(query.status).toBe(503);
    expect(query.body.message).toBe('Replica unable to accept requests as its not healthy');
  }, 40_000);

  it('maps a failure at each step to the failure A4.5 names for it', async () => {
    const expected: Partial<Record<ReplicaSetupStep, string>> = {
      Started: 'ReadReplicaInstanceLaunchFailed',
      LaunchedReadReplicaInstance: 'InitiateReadReplicaSetupFailed',
      InitiatedReadReplicaSetup: 'DownloadBaseBackupFailed',
      DownloadedBaseBackup: 'ReplayWalArchivesFailed',
      ReplayedWalArchives: 'CompleteReadReplicaSetupFailed',
    };
    for (const [failAt, failure] of Object.entries(expected)) {
      const deps = {
        server: h.services.server,
        platform: h.services.pool,
        beforeStep: (_: string, step: ReplicaSetupStep) => {
          if (step === failAt) throw new Error(`injected at ${step}`);
        },
      };
      const identifier = await requestReplica(deps, { id: projectId, ref, region: 'us-east-1' });
      await runReplicaSetup(deps, identifier);
      const row = (await list()).find((r) => r.identifier === identifier)!;
      expect([failAt, row.status, row.setup_failure, row.setup_step, row.setup_error]).toEqual([
        failAt,
        'INIT_READ_REPLICA_FAILED',
        failure,
        failAt,
        `injected at ${failAt}`,
      ]);
      // A failed replica cannot be queried: the pickers' text for an unhealthy replica.
      const query = await sql('select 1', identifier);
      expect(query.status).toBe(503);
      expect(query.body.message).toBe('Replica unable to accept requests as its not healthy');
      await dropReplica(deps, ref, identifier);
    }
    expect(REPLICA_SETUP_STEPS).toHaveLength(7);
  }, 120_000);

  it('deleting a replica drops its subscription, slot, publication and database', async () => {
    const names = replicaNames(ref, suffixOf(replica));
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/replicas/${replica}`, { token: reader.token })).status).toBe(403);
    const removed = await h.call('DELETE', `/api/platform/projects/${ref}/replicas/${replica}`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await list()).toEqual([]);
    await admin(h.services.server.maintenanceDatabase, async (client) => {
      expect((await client.query('select 1 from pg_database where datname = $1', [names.database])).rowCount).toBe(0);
      expect((await client.query('select 1 from pg_subscription where subname = $1', [names.subscription])).rowCount).toBe(0);
      expect((await client.query(`select 1 from pg_replication_slots where slot_name = $1 or slot_name like 'pg\\_%\\_sync\\_%'`, [names.slot])).rowCount).toBe(0);
    });
    await admin(projectDatabase(ref), async (client) => {
      expect((await client.query('select 1 from pg_publication where pubname = $1', [names.publication])).rowCount).toBe(0);
    });
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/replicas/${replica}`, { token: owner.token })).status).toBe(404);
  }, 60_000);

  it('deleting the project removes its replicas first', async () => {
    const other = await h.activeProject(owner);
    const created = await h.call('POST', `/api/platform/projects/${other}/replicas`, { token: owner.token, body: {} });
    expect(created.status).toBe(201);
    const identifier = created.body.identifier as string;
    await until(
      'the second replica',
      async () => ((await h.call('GET', `/api/platform/projects/${other}/replicas`, { token: owner.token })).body as ReadReplica[])[0]!.status,
      (status) => status !== 'INIT_READ_REPLICA',
    );
    await h.services.provisioner.remove(other);
    const names = replicaNames(other, suffixOf(identifier));
    await admin(h.services.server.maintenanceDatabase, async (client) => {
      expect((await client.query('select 1 from pg_database where datname = any($1)', [[names.database, projectDatabase(other)]])).rowCount).toBe(0);
      expect((await client.query('select 1 from pg_replication_slots where slot_name = $1', [names.slot])).rowCount).toBe(0);
    });
  }, 90_000);

  it('quotes the subscription conninfo', () => {
    expect(libpqConninfo("postgres://u%27x:p%27w@127.0.0.1:5433/db")).toBe(
      "host='127.0.0.1' port='5433' dbname='db' user='u\\'x' password='p\\'w'",
    );
  });
});
