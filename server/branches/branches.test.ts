// Branches as real projects (issue 20): enabling branching makes the project the default branch; a preview branch is
// a project of its own whose database holds the parent's tables (rows only 'with data') and migration history, with
// its own keys and API URL; strangers get 404, read-only members cannot create; deleting drops database and roles.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { apiRole, ownerRole, projectDatabase } from '../projects/names.ts';
import { catalogFingerprints } from './catalog.ts';
import { filterRestoreList } from './clone.ts';
import type { Branch } from '../../src/domain/branches/branches.ts';

let h: PlatformHarness;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let ref: string;
let failNextCopy = false;

async function inProject<T>(projectRef: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: h.services.server.url(projectDatabase(projectRef)) });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const sql = (query: string, as = owner, project = ref) => h.call('POST', `/api/platform/pg-meta/${project}/query`, { token: as.token, body: { query } });
const postBranch = (body: Record<string, unknown>, as = owner, project = ref) => h.call('POST', `/api/v1/projects/${project}/branches`, { token: as.token, body });
const listBranches = async (project = ref) => (await h.call('GET', `/api/v1/projects/${project}/branches`, { token: owner.token })).body as Branch[];

/** Issue 20: the request is answered at once (COMING_UP); the list is read as the console does until the copy ends. */
async function createBranch(body: Record<string, unknown>, as = owner, project = ref, expectFailure = false) {
  const created = await postBranch(body, as, project);
  if (created.status !== 201 || body.is_default) return created;
  expect(created.body.status).toBe('COMING_UP');
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const branch = (await listBranches(project)).find((b) => b.id === created.body.id);
    if (branch?.status === 'INIT_FAILED' && !expectFailure) throw new Error(`the copy failed: ${branch.create_error}`);
    if (branch && branch.status !== 'COMING_UP') return { ...created, body: branch };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the branch did not leave COMING_UP');
}

beforeAll(async () => {
  // Test seam: the next branch's copy fails at the provisioner's clone step.
  h = await startPlatformHarness({
    beforeProvisionStep: (_ref, step) => {
      if (step === 'clone' && failNextCopy) {
        failNextCopy = false;
        throw new Error('injected copy failure');
      }
    },
  });
  owner = await h.user();
  reader = await h.user();
  stranger = await h.user();
  ref = await h.activeProject(owner);
  // Branching is for paid plans (spec B5; refused on the free plan: server/infrastructure/infrastructure.test.ts).
  await h.services.pool.query(`update organizations set plan_id = 'pro' where id = (select organization_id from projects where ref = $1)`, [ref]);
  await h.call('GET', '/api/platform/profile', { token: reader.token });
  await h.services.pool.query(
    `insert into members (organization_id, profile_id, role) select organization_id, $2, 'read_only' from projects where ref = $1`,
    [ref, reader.id],
  );
  // The parent: a table with rows, an extension, a view, and a migration in its history.
  const setup = await sql(`create table public.items (id bigint generated always as identity primary key, name text not null);
    insert into public.items (name) values ('one'), ('two'), ('three');
    create view public.item_names as select name from public.items;`);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const migration = await h.call('POST', `/api/platform/pg-meta/${ref}/migrations`, {
    token: owner.token,
    body: { name: 'add_notes', query: 'create table public.notes (id int primary key, body text)' },
  });
  expect(migration.status, JSON.stringify(migration.body)).toBeLessThan(300);
}, 120_000);
afterAll(async () => h?.close());

describe('branching', () => {
  it('refuses a preview branch before branching is enabled, and enabling makes the project the default branch', async () => {
    const early = await createBranch({ branch_name: 'early' });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/Branching is not enabled/);
    const enabled = await createBranch({ branch_name: 'main', is_default: true });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(201);
    expect(enabled.body).toMatchObject({ name: 'main', project_ref: ref, is_default: true, persistent: true });
    const project = await h.call('GET', `/api/platform/projects/${ref}`, { token: owner.token });
    expect(project.body.is_branch_enabled).toBe(true);
  });

  it('checks membership: 404 to a stranger, 403 to a read-only member, bad names 400', async () => {
    expect((await createBranch({ branch_name: 'x' }, stranger)).status).toBe(404);
    expect((await h.call('GET', `/api/v1/projects/${ref}/branches`, { token: stranger.token })).status).toBe(404);
    const denied = await createBranch({ branch_name: 'x' }, reader);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/additional permissions/);
    const bad = await createBranch({ branch_name: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Branch name can only contain alphanumeric characters, hyphens, and underscores.');
    expect((await createBranch({ branch_name: '' })).body.message).toBe('Branch name cannot be empty');
  });

  let schemaOnly: string;
  let withData: string;

  it('a schema-only branch has the parent\'s tables without rows, the migration history, its own keys and URL', async () => {
    const created = await createBranch({ branch_name: 'feature-a' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'feature-a', parent_project_ref: ref, is_default: false, persistent: false, with_data: false, status: 'ACTIVE_HEALTHY' });
    schemaOnly = created.body.project_ref;
    expect(schemaOnly).not.toBe(ref);
    const counts = await inProject(schemaOnly, async (c) => ({
      items: (await c.query('select count(*)::int as n from public.items')).rows[0].n,
      view: (await c.query(`select count(*)::int as n from pg_views where viewname = 'item_names'`)).rows[0].n,
      history: (await c.query('select name from strata_migrations.schema_migrations')).rows.map((r) => r.name),
      owner: (await c.query(`select tableowner from pg_tables where tablename = 'items'`)).rows[0].tableowner,
    }));
    expect(counts).toEqual({ items: 0, view: 1, history: ['add_notes'], owner: ownerRole(schemaOnly) });
    // Its own API keys and URL.
    const [parentKeys, branchKeys] = await Promise.all(
      [ref, schemaOnly].map(async (r) => (await h.call('GET', `/api/platform/projects/${r}/api-keys`, { token: owner.token })).body),
    );
    expect(JSON.stringify(branchKeys)).not.toBe(JSON.stringify(parentKeys));
    const branchProject = await h.call('GET', `/api/platform/projects/${schemaOnly}`, { token: owner.token });
    expect(branchProject.body.parent_project_ref).toBe(ref);
    expect(branchProject.body.restUrl).toContain(`/p/${schemaOnly}/`);
    // Its Data API reads its own (empty) table through its own keys.
    const rows = await sql('select count(*)::int as n from public.items', owner, schemaOnly);
    expect(rows.body).toEqual([{ n: 0 }]);
    // The parent is untouched.
    expect((await sql('select count(*)::int as n from public.items')).body).toEqual([{ n: 3 }]);
  }, 60_000);

  it('a branch with data has the parent\'s rows; a taken name is 409', async () => {
    const created = await createBranch({ branch_name: 'with-rows', with_data: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    withData = created.body.project_ref;
    expect((await sql('select name from public.items order by id', owner, withData)).body).toEqual([{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    // The identity continues after the copied rows.
    expect((await sql(`insert into public.items (name) values ('four') returning id`, owner, withData)).body).toEqual([{ id: '4' }]);
    const again = await createBranch({ branch_name: 'with-rows' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A branch with this name already exists');
  }, 60_000);

  it('lists the family newest first under the default branch, from the parent and from a branch', async () => {
    for (const from of [ref, withData]) {
      const listed = await h.call('GET', `/api/v1/projects/${from}/branches`, { token: owner.token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((b: { name: string }) => b.name)).toEqual(['main', 'with-rows', 'feature-a']);
    }
    // Branch projects stay out of the organization's project list.
    const projects = await h.call('GET', `/api/platform/projects`, { token: owner.token });
    const refs = JSON.stringify(projects.body);
    expect(refs).not.toContain(schemaOnly);
  });

  it('deleting a branch drops its database and roles; read-only members and the default branch are refused', async () => {
    const listed = (await h.call('GET', `/api/v1/projects/${ref}/branches`, { token: owner.token })).body as { id: string; name: string; project_ref: string }[];
    const target = listed.find((b) => b.name === 'feature-a')!;
    expect((await h.call('DELETE', `/api/v1/branches/${target.id}`, { token: reader.token })).status).toBe(403);
    expect((await h.call('DELETE', `/api/v1/branches/${target.id}`, { token: stranger.token })).status).toBe(404);
    const main = listed.find((b) => b.name === 'main')!;
    expect((await h.call('DELETE', `/api/v1/branches/${main.id}`, { token: owner.token })).status).toBe(400);
    const deleted = await h.call('DELETE', `/api/v1/branches/${target.id}`, { token: owner.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const left = await h.services.pool.query(
      `select (select count(*)::int from pg_database where datname = $1) as dbs, (select count(*)::int from pg_roles where rolname in ($2, $3)) as roles`,
      [projectDatabase(schemaOnly), ownerRole(schemaOnly), apiRole(schemaOnly)],
    );
    expect(left.rows[0]).toEqual({ dbs: 0, roles: 0 });
    expect((await h.call('DELETE', `/api/v1/branches/${withData}`, { token: owner.token })).status).toBe(200);
    expect((await h.call('GET', `/api/v1/projects/${ref}/branches`, { token: owner.token })).body.map((b: { name: string }) => b.name)).toEqual(['main']);
  }, 60_000);

  it('is answered at once; a failed copy reads INIT_FAILED with its reason (stored), and the branch can be deleted', async () => {
    failNextCopy = true;
    const failed = await createBranch({ branch_name: 'broken' }, owner, ref, true);
    expect(failed.body).toMatchObject({ name: 'broken', status: 'INIT_FAILED', create_error: 'injected copy failure' });
    const stored = await h.services.pool.query('select create_error from branches where id = $1', [failed.body.id]);
    expect(stored.rows[0]).toEqual({ create_error: 'injected copy failure' });
    expect((await h.call('DELETE', `/api/v1/branches/${failed.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await listBranches()).map((b) => b.name)).toEqual(['main']);
  }, 60_000);

  it('answers the estimate\'s reads: disk attributes, add-ons and the database size', async () => {
    const disk = await h.call('GET', `/api/platform/projects/${ref}/disk`, { token: owner.token });
    expect(disk.body).toMatchObject({ attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, last_modified_at: null });
    expect((await h.call('GET', `/api/platform/projects/${ref}/billing/addons`, { token: owner.token })).body).toEqual({ selected_addons: [] });
    const size = await h.call('GET', `/api/platform/projects/${ref}/database/size`, { token: owner.token });
    expect(size.body.bytes).toBeGreaterThan(1_000_000);
    expect((await h.call('GET', `/api/platform/projects/${ref}/disk`, { token: stranger.token })).status).toBe(404);
  });
});

describe('merging a branch into its parent', () => {
  const migrate = (project: string, name: string, query: string) =>
    h.call('POST', `/api/platform/pg-meta/${project}/migrations`, { token: owner.token, body: { name, query } });
  const merge = (branch: string, method: 'GET' | 'POST' = 'POST', as = owner) => h.call(method, `/api/v1/branches/${branch}/merge`, { token: as.token });

  it("applies the branch's new migrations to the parent in one transaction and records them there", async () => {
    const branch = (await createBranch({ branch_name: 'merge-me' })).body.project_ref as string;
    const parentName = (await h.services.pool.query<{ name: string }>('select name from projects where ref = $1', [ref])).rows[0]!.name;
    expect((await migrate(branch, 'add_tags', 'create table public.tags (id int primary key, label text)')).status).toBeLessThan(300);
    expect((await migrate(branch, 'add_tag_index', 'create index tags_label_idx on public.tags (label)')).status).toBeLessThan(300);
    // 'Open merge request' (A4.4): request_review sets review_requested_at; read-only members may not.
    expect((await h.call('PATCH', `/api/v1/branches/${branch}`, { token: reader.token, body: { request_review: true } })).status).toBe(403);
    const reviewed = await h.call('PATCH', `/api/v1/branches/${branch}`, { token: owner.token, body: { request_review: true, persistent: true } });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body).toMatchObject({ name: 'merge-me', persistent: true });
    expect(Date.parse(reviewed.body.review_requested_at)).toBeGreaterThan(0);
    const plan = await merge(branch, 'GET');
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ branch_ref: branch, parent_ref: ref, parent_only: [] });
    expect(plan.body.migrations.map((m: { name: string }) => m.name)).toEqual(['add_tags', 'add_tag_index']);
    expect((await merge(branch, 'POST', reader)).status).toBe(403);
    expect((await merge(branch, 'GET', stranger)).status).toBe(404);
    const merged = await merge(branch);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ applied: ['add_tags', 'add_tag_index'] });
    // Issue 21: the parent project's members are told (the reader too); a stranger is not.
    const mergedNotes = async (as: TestUser) =>
      ((await h.call('GET', '/api/platform/notifications?limit=100', { token: as.token })).body as { data: { title: string; message: string; project_ref: string } }[]).filter(
        (n) => n.data.title === `Branch merge-me was merged into ${parentName}`,
      );
    for (const member of [owner, reader]) {
      const notes = await mergedNotes(member);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.data).toMatchObject({ project_ref: ref });
      expect(notes[0]!.data.message).toMatch(/2 migrations applied\.\n\n- add\\_tags\n- add\\_tag\\_index/);
    }
    expect(await mergedNotes(stranger)).toHaveLength(0);
    expect((await sql(`select to_regclass('public.tags_label_idx') is not null as ok`)).body).toEqual([{ ok: true }]);
    const history = await h.call('GET', `/api/platform/pg-meta/${ref}/migrations`, { token: owner.token });
    expect(history.body.map((m: { name: string }) => m.name)).toEqual(['add_notes', 'add_tags', 'add_tag_index']);
    // Merged again: nothing left to apply, and nobody is told again.
    expect((await merge(branch)).body).toEqual({ applied: [] });
    expect(await mergedNotes(owner)).toHaveLength(1);
  }, 60_000);

  it('object-level conflicts: the parent changing an unrelated table is no conflict; both changing one table is', async () => {
    const branch = (await createBranch({ branch_name: 'objects' })).body.project_ref as string;
    const base = await inProject(branch, async (c) => (await c.query('select count(*)::int as n from strata_migrations.branch_base')).rows[0].n);
    expect(base).toBeGreaterThan(3);
    // The branch changes public.items; the parent makes an unrelated table (a migration of its own).
    expect((await migrate(branch, 'items_add_price', 'alter table public.items add column price numeric')).status).toBeLessThan(300);
    expect((await migrate(ref, 'parent_unrelated', 'create table public.unrelated (id int primary key)')).status).toBeLessThan(300);
    const clean = await merge(branch, 'GET');
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    expect(clean.body.parent_only.map((m: { name: string }) => m.name)).toEqual(['parent_unrelated']);
    expect(clean.body.conflicts).toEqual([]);
    const merged = await merge(branch);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ applied: ['items_add_price'] });
    expect((await sql(`select count(*)::int as n from information_schema.columns where table_name = 'items' and column_name = 'price'`)).body).toEqual([{ n: 1 }]);

    // Both change public.notes (and the branch an unrelated function): the table is the one conflict, nothing merged.
    const other = (await createBranch({ branch_name: 'both-sides' })).body.project_ref as string;
    expect((await migrate(other, 'notes_add_title', 'alter table public.notes add column title text; create function public.f() returns int language sql as $$ select 1 $$')).status).toBeLessThan(300);
    expect((await migrate(ref, 'notes_add_author', 'alter table public.notes add column author text')).status).toBeLessThan(300);
    // The same function made alike on both sides is no conflict.
    const same = 'create function public.same() returns int language sql as $$ select 2 $$';
    expect((await migrate(other, 'same_on_branch', same)).status).toBeLessThan(300);
    expect((await migrate(ref, 'same_on_parent', same)).status).toBeLessThan(300);
    const plan = await merge(other, 'GET');
    expect(plan.body.conflicts).toEqual([{ kind: 'table', name: 'public.notes' }]);
    const refused = await merge(other);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Conflict: changed on both the branch and the parent since this branch was made: table public.notes. Apply the parent's changes to the branch first, then merge.",
    );
    expect((await sql(`select to_regprocedure('public.f()') is null as untouched`)).body).toEqual([{ untouched: true }]);
  }, 120_000);

  it('a migration failing on the parent is reported with its error and nothing is merged', async () => {
    const branch = (await createBranch({ branch_name: 'conflicting' })).body.project_ref as string;
    expect((await migrate(branch, 'add_clash', 'create table public.clash (id int primary key); create table public.other (id int)')).status).toBeLessThan(300);
    // A view of the same name made on the parent outside the history: not the same object (a view, not a table), so
    // the plan has no conflict, but the branch's migration fails there.
    await sql('create view public.clash as select 1 as id');
    expect((await merge(branch, 'GET')).body.conflicts).toEqual([]);
    const failed = await merge(branch);
    expect(failed.status).toBe(409);
    expect(failed.body.message).toMatch(/^Conflict in migration "add_clash": relation "clash" already exists/);
    expect((await sql(`select to_regclass('public.other') is null as rolled_back`)).body).toEqual([{ rolled_back: true }]);
  }, 60_000);
});

describe('filterRestoreList', () => {
  it('leaves out extensions, their comments and the schemas the platform made', () => {
    const list = [
      ';',
      '; Archive created at x',
      '5; 2615 16390 SCHEMA - extensions postgres',
      '6; 2615 16391 SCHEMA - app postgres',
      '2; 3079 16392 EXTENSION - citext ',
      '3; 0 0 COMMENT - EXTENSION citext ',
      '220; 1259 16400 TABLE public items postgres',
    ].join('\n');
    expect(filterRestoreList(list, new Set(['extensions'])).split('\n')).toEqual([
      ';',
      '; Archive created at x',
      '6; 2615 16391 SCHEMA - app postgres',
      '220; 1259 16400 TABLE public items postgres',
    ]);
  });
});

describe('catalog fingerprints (merge conflicts)', () => {
  it('a view dropped while they are read is left out, not an error', async () => {
    expect((await sql('create view public.racing_fp as select 1 as one;')).status).toBe(200);
    await inProject(ref, (holder) =>
      inProject(ref, (reader) =>
        inProject(ref, async (watcher) => {
          const [{ pid }] = (await reader.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
          await holder.query('begin');
          await holder.query('lock table public.racing_fp in access exclusive mode');
          const read = catalogFingerprints(reader);
          // The read waits for the view's lock (pg_get_viewdef opens it); then the view goes and the lock with it.
          await expect
            .poll(async () => (await watcher.query('select count(*)::int as n from pg_locks where not granted and pid = $1', [pid])).rows[0].n, { timeout: 10_000 })
            .toBeGreaterThan(0);
          await holder.query('drop view public.racing_fp');
          await holder.query('commit');
          const keys = [...(await read).keys()];
          expect(keys).not.toContain('view|public.racing_fp');
          expect(keys).toContain('view|public.item_names');
        }),
      ),
    );
  });
});
