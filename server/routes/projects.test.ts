import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, jwtVerify } from 'jose';
import pg from 'pg';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let slug: string;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Acme' } });
  slug = org.body.slug;
});
afterAll(async () => h?.close());

async function createProject(name = 'Shop', dbPass = 'correct horse battery') {
  const started = performance.now();
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: slug, name, db_pass: dbPass, db_region: 'local' },
  });
  expect(created.status).toBe(201);
  const answeredMs = performance.now() - started;
  await h.waitForStatus(created.body.ref, owner.token, 'ACTIVE_HEALTHY');
  return { project: created.body, answeredMs, healthyMs: performance.now() - started };
}

describe('projects', () => {
  it('answers COMING_UP at once, then provisions a real database reachable with the chosen password', async () => {
    const created = await h.call('POST', '/api/platform/projects', {
      token: owner.token,
      body: { organization_slug: slug, name: 'First', db_pass: 'p@ss wörd 123', db_region: 'local' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'First', status: 'COMING_UP', organization_slug: slug, region: 'local' });
    expect(created.body.ref).toMatch(/^[a-z]{20}$/);
    expect(created.body.dbVersion).toMatch(/^strata-postgres-15\.\d+$/);
    const ref: string = created.body.ref;
    await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');

    // psql-equivalent: the owner role logs in with db_pass (a non-ASCII one, normalised like libpq does).
    const url = new URL(h.cluster.url(`project_${ref}`));
    const client = new pg.Client({ host: url.hostname, port: Number(url.port), database: `project_${ref}`, user: `strata_${ref}`, password: 'p@ss wörd 123' });
    await client.connect();
    const { rows } = await client.query('select current_user as who, current_database() as db');
    expect(rows[0]).toEqual({ who: `strata_${ref}`, db: `project_${ref}` });
    await client.query('create table notes (id int primary key)');
    // A new project is Micro: its database takes that size's connection limit (spec B9, server/lifecycle/compute.ts).
    const limit = await client.query('select datconnlimit from pg_database where datname = current_database()');
    expect(limit.rows[0].datconnlimit).toBe(60);
    await client.end();

    // A wrong password is refused, and the password is stored nowhere in the platform database.
    // (Only on the embedded cluster: an external test server may trust every local connection.)
    if (!process.env.DATABASE_URL) {
      const wrong = new pg.Client({ host: url.hostname, port: Number(url.port), database: `project_${ref}`, user: `strata_${ref}`, password: 'nope-nope' });
      await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    }
    const dump = await h.services.pool.query(`select row_to_json(t)::text as j from (select * from projects) t
      union all select row_to_json(t)::text from (select * from databases) t
      union all select row_to_json(t)::text from (select * from project_secrets) t`);
    expect(dump.rows.map((r) => r.j).join('\n')).not.toContain('wörd');
  });

  it('reads the project, its status, its databases and its settings with signed keys', async () => {
    const { project, answeredMs, healthyMs } = await createProject('Settings');
    console.log(`[timing] create answered in ${answeredMs.toFixed(0)} ms, ACTIVE_HEALTHY after ${healthyMs.toFixed(0)} ms`);
    const ref = project.ref;
    const detail = await h.call('GET', `/api/platform/projects/${ref}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      ref,
      status: 'ACTIVE_HEALTHY',
      postgrestStatus: 'ONLINE',
      databases: [{ identifier: ref, infra_compute_size: 'ci_micro', region: 'local', status: 'ACTIVE_HEALTHY' }],
    });
    expect((await h.call('GET', `/api/platform/projects/${ref}/status`, { token: owner.token })).body).toEqual({
      status: 'ACTIVE_HEALTHY',
    });

    const databases = await h.call('GET', `/api/platform/projects/${ref}/databases`, { token: owner.token });
    expect(databases.body).toEqual([
      expect.objectContaining({ identifier: ref, db_name: `project_${ref}`, db_user: `strata_${ref}`, database_type: 'PRIMARY', status: 'ACTIVE_HEALTHY' }),
    ]);
    expect(typeof databases.body[0].db_port).toBe('number');

    const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
    expect(settings.body.app_config).toEqual({ protocol: 'http', endpoint: `${h.publicHost}/p/${ref}`, db_schema: 'public' });
    const keys = settings.body.service_api_keys as { api_key: string; tags: string }[];
    expect(keys.map((k) => k.tags).sort()).toEqual(['anon', 'service_role']);
    const { rows } = await h.services.pool.query('select s.jwt_secret from project_secrets s join projects p on p.id = s.project_id where p.ref = $1', [ref]);
    for (const key of keys) {
      const { payload } = await jwtVerify(key.api_key, new TextEncoder().encode(rows[0].jwt_secret), { issuer: 'strata' });
      expect(payload).toMatchObject({ role: key.tags, ref, iss: 'strata' });
    }
    expect(decodeJwt(keys[0]!.api_key).exp! * 1000).toBeGreaterThan(Date.now() + 365 * 24 * 3600 * 1000);

    const ping = await h.call('GET', `/api/platform/projects/${ref}/api/rest`, { token: owner.token });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ swagger: '2.0', paths: {} });
  });

  it('deletes a project: database and roles are dropped, rows are gone', async () => {
    const { project } = await createProject('Doomed');
    const ref = project.ref;
    const deleted = await h.call('DELETE', `/api/platform/projects/${ref}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.ref).toBe(ref);
    const admin = new pg.Client({ connectionString: h.cluster.url('postgres') });
    await admin.connect();
    const dbs = await admin.query('select 1 from pg_database where datname = $1', [`project_${ref}`]);
    const roles = await admin.query('select rolname from pg_roles where rolname like $1', [`strata_${ref}%`]);
    await admin.end();
    expect(dbs.rowCount).toBe(0);
    expect(roles.rowCount).toBe(0);
    expect((await h.call('GET', `/api/platform/projects/${ref}`, { token: owner.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}`, { token: owner.token })).status).toBe(404);
  });

  it('rejects bad bodies with a clear 400', async () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /Request body must be a JSON object/],
      ['{not json', /valid JSON/],
      [{ organization_slug: slug, name: 'x', db_region: 'local' }, /db_pass is required/],
      [{ organization_slug: slug, name: 'x', db_pass: 'short', db_region: 'local' }, /db_pass must be at least 8 characters/],
      [{ organization_slug: slug, name: '   ', db_pass: 'long enough', db_region: 'local' }, /name must not be empty/],
      [{ organization_slug: slug, name: 'x', db_pass: 'long enough', db_region: 'local', cloud_provider: 'GCP' }, /cloud_provider must be one of/],
      [{ organization_slug: slug, name: 'a\u0000b', db_pass: 'long enough', db_region: 'local' }, /NUL/],
      [{ organization_slug: slug, name: 'x', db_pass: 'long enough', db_region: 'local', postgres_engine: '17' }, /not available/],
    ];
    for (const [body, message] of cases) {
      const response = await h.call('POST', '/api/platform/projects', { token: owner.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('lets developers read but not create or delete, and hides the service key from read-only members', async () => {
    const { project } = await createProject('Roles');
    const dev = await h.user();
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: dev.token });
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    const { rows } = await h.services.pool.query('select id from organizations where slug = $1', [slug]);
    await h.services.pool.query(`insert into members values ($1, $2, 'developer'), ($1, $3, 'read_only')`, [rows[0].id, dev.id, reader.id]);

    expect((await h.call('GET', `/api/platform/projects/${project.ref}`, { token: dev.token })).status).toBe(200);
    const create = await h.call('POST', '/api/platform/projects', {
      token: dev.token,
      body: { organization_slug: slug, name: 'Nope', db_pass: 'long enough', db_region: 'local' },
    });
    expect(create.status).toBe(403);
    expect((await h.call('DELETE', `/api/platform/projects/${project.ref}`, { token: dev.token })).status).toBe(403);
    const devKeys = await h.call('GET', `/api/platform/projects/${project.ref}/settings`, { token: dev.token });
    expect(devKeys.body.service_api_keys).toHaveLength(2);
    const readerKeys = await h.call('GET', `/api/platform/projects/${project.ref}/settings`, { token: reader.token });
    expect(readerKeys.body.service_api_keys.map((k: { tags: string }) => k.tags)).toEqual(['anon']);
  });
  it('renames a project for administrators only, with the creation name rule and a clear 400', async () => {
    const { project } = await createProject('Before');
    const path = `/api/platform/projects/${project.ref}`;
    const renamed = await h.call('PATCH', path, { token: owner.token, body: { name: '  After  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ ref: project.ref, name: 'After' });
    expect((await h.call('GET', path, { token: owner.token })).body.name).toBe('After');

    const bad: [unknown, RegExp][] = [
      [{ name: '   ' }, /name must not be empty/],
      [{ name: 'x'.repeat(65) }, /name/],
      [{ name: 'a\u0000b' }, /NUL/],
      [{}, /name is required/],
    ];
    for (const [body, message] of bad) {
      const response = await h.call('PATCH', path, { token: owner.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }

    // No session, an outsider, a developer of the organization: refused, and the name stays.
    expect((await h.call('PATCH', path, { body: { name: 'Anon' } })).status).toBe(401);
    const outsider = await h.user();
    expect((await h.call('PATCH', path, { token: outsider.token, body: { name: 'Outsider' } })).status).toBe(404);
    const dev = await h.user();
    await h.call('GET', '/api/platform/profile', { token: dev.token });
    const { rows } = await h.services.pool.query('select id from organizations where slug = $1', [slug]);
    await h.services.pool.query(`insert into members values ($1, $2, 'developer')`, [rows[0].id, dev.id]);
    const refused = await h.call('PATCH', path, { token: dev.token, body: { name: 'Developer' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/rename this project/);
    expect((await h.call('GET', path, { token: owner.token })).body.name).toBe('After');
  });
});
