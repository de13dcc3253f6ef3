// Self-hosted mode's default project (spec A2.2 /project/default, A4.11 "always logged in"): created once for
// LOCAL_USER with its organization, provisioned to ACTIVE_HEALTHY, reachable without a token; nothing new on a
// second run; a creation interrupted by a crash is finished at the next start; platform mode creates nothing.
// The project's roles are cluster-wide, so the tests run one after the other and each removes the project.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from './config.ts';
import { serverFromUrl } from './db/server.ts';
import { LOCAL_USER } from './http/session.ts';
import { startRuntime } from './runtime.ts';
import { bootstrapMode, DEFAULT_ORGANIZATION, ensureDefaultProject } from './self-hosted.ts';
import { createServices, type Services } from './services.ts';
import { startTestCluster, type TestCluster } from './testing/database.ts';
import { startPlatformHarness } from './testing/platform.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startTestCluster();
});
afterAll(async () => {
  await cluster?.close();
});

const uniqueDatabase = () => `strata_platform_sh${process.pid}_${randomBytes(3).toString('hex')}`;

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`).catch(() => {});
  await admin.end();
}

async function counts(services: Services) {
  const { rows } = await services.pool.query<Record<string, number>>(
    `select (select count(*)::int from profiles) as profiles, (select count(*)::int from organizations) as organizations,
            (select count(*)::int from members) as members, (select count(*)::int from projects) as projects,
            (select count(*)::int from api_keys) as api_keys`,
  );
  return rows[0]!;
}

async function waitForActive(services: Services, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let status: string | undefined;
  while (Date.now() < deadline) {
    await services.provisioner.settled();
    const { rows } = await services.pool.query(`select status from projects where ref = 'default'`);
    status = rows[0]?.status;
    if (status === 'ACTIVE_HEALTHY') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`default project stayed ${status}`);
}

const passwordLine = (lines: string[]) => lines.filter((line) => /Password of the database role strata_default/.test(line));
const passwordIn = (line: string) => /keep it: (\S+)$/.exec(line)?.[1] ?? '';

describe('self-hosted default project', () => {
  it('creates profile, organization and project (ACTIVE_HEALTHY) once; a second run creates nothing', async () => {
    const harness = await startPlatformHarness({ mode: 'self-hosted', cluster });
    try {
      const lines: string[] = [];
      const first = await ensureDefaultProject(harness.services, (line) => lines.push(line));
      expect(first).toEqual({ organizationCreated: true, projectCreated: true });
      await waitForActive(harness.services);

      const { rows } = await harness.services.pool.query(
        `select o.slug, o.name, o.plan_id, m.role, m.profile_id, p.name as project, p.status
           from projects p join organizations o on o.id = p.organization_id join members m on m.organization_id = o.id
          where p.ref = 'default'`,
      );
      expect(rows).toEqual([
        { slug: 'default', name: 'Default Organization', plan_id: 'free', role: 'owner', profile_id: LOCAL_USER.sub, project: 'Default Project', status: 'ACTIVE_HEALTHY' },
      ]);

      // The password is printed once, works for psql-style logins, and is stored nowhere in the platform database.
      const printed = passwordLine(lines);
      expect(printed).toHaveLength(1);
      const password = passwordIn(printed[0]!);
      expect(password.length).toBeGreaterThanOrEqual(32);
      const { server } = harness.services;
      const owner = new pg.Client({ connectionString: server.urlAs('project_default', 'strata_default', password) });
      await owner.connect();
      expect((await owner.query('select current_user as u')).rows[0].u).toBe('strata_default');
      await owner.end();
      const dump = await harness.services.pool.query(
        `select count(*)::int as n from (select row_to_json(t)::text as j from project_secrets t
           union all select row_to_json(t)::text from projects t union all select row_to_json(t)::text from databases t) x
          where j like '%' || $1 || '%'`,
        [password],
      );
      expect(dump.rows[0].n).toBe(0);

      const before = await counts(harness.services);
      const againLines: string[] = [];
      const again = await ensureDefaultProject(harness.services, (line) => againLines.push(line));
      expect(again).toEqual({ organizationCreated: false, projectCreated: false });
      await harness.services.provisioner.settled();
      expect(await counts(harness.services)).toEqual(before);
      expect(againLines).toEqual([]);
      expect(before).toMatchObject({ profiles: 1, organizations: 1, members: 1, projects: 1, api_keys: 2 });
    } finally {
      await harness.close();
    }
  });

  it('answers GET /api/platform/projects/default and /organizations without a token in self-hosted mode', async () => {
    const harness = await startPlatformHarness({ mode: 'self-hosted', cluster });
    try {
      await bootstrapMode('self-hosted', harness.services, () => {});
      await harness.waitForStatus('default', '', 'ACTIVE_HEALTHY');

      const project = await harness.call('GET', '/api/platform/projects/default');
      expect(project.status).toBe(200);
      expect(project.body).toMatchObject({ ref: 'default', name: 'Default Project', status: 'ACTIVE_HEALTHY' });

      const organizations = await harness.call('GET', '/api/platform/organizations');
      expect(organizations.status).toBe(200);
      expect(organizations.body).toEqual([expect.objectContaining({ slug: 'default', name: 'Default Organization' })]);

      const settings = await harness.call('GET', '/api/platform/projects/default/settings');
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({ ref: 'default', db_name: 'project_default', db_user: 'strata_default' });

      // The fixed ref is only for this project: an API-created project still gets 20 random letters.
      const created = await harness.call('POST', '/api/platform/projects', {
        body: { organization_slug: DEFAULT_ORGANIZATION.slug, name: 'Second', db_pass: 'a strong password 123', db_region: 'local' },
      });
      expect(created.status).toBe(201);
      expect(created.body.ref).toMatch(/^[a-z]{20}$/);
    } finally {
      await harness.close();
    }
  });

  it('finishes a default project left half-created by a crash, without creating another', async () => {
    const server = serverFromUrl(cluster.url('postgres'), 'external');
    const platformDatabase = uniqueDatabase();
    const crashed = await createServices(server, {
      platformDatabase,
      beforeProvisionStep: () => {
        throw new Error('simulated crash before provisioning');
      },
    });
    const lines: string[] = [];
    await ensureDefaultProject(crashed, (line) => lines.push(line));
    await crashed.provisioner.settled();
    expect((await crashed.pool.query(`select status from projects where ref = 'default'`)).rows[0].status).toBe('COMING_UP');
    await crashed.close();

    const restarted = await createServices(server, { platformDatabase });
    try {
      const result = await ensureDefaultProject(restarted, (line) => lines.push(line));
      expect(result).toEqual({ organizationCreated: false, projectCreated: false });
      await waitForActive(restarted);
      expect(await counts(restarted)).toMatchObject({ organizations: 1, projects: 1 });
      expect(passwordLine(lines)).toHaveLength(1);
    } finally {
      await restarted.provisioner.remove('default');
      await restarted.close();
      await dropDatabase(platformDatabase);
    }
  });

  describe('runtime', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-self-hosted-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const config = (mode: Config['mode']): Config => ({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: cluster.url('postgres'),
      mode,
      pgPort: 0,
      pgPortExplicit: false,
      distDir: dataDir,
    });

    it('creates the default project before services resolve in self-hosted mode', async () => {
      const platformDatabase = uniqueDatabase();
      const lines: string[] = [];
      const runtime = startRuntime(config('self-hosted'), { issuer: 'http://127.0.0.1/auth/v1', log: (line) => lines.push(line), platformDatabase });
      const services = await runtime.services;
      try {
        const { rows } = await services.pool.query(`select o.slug from projects p join organizations o on o.id = p.organization_id where p.ref = 'default'`);
        expect(rows).toEqual([{ slug: 'default' }]);
        await waitForActive(services);
        expect(passwordLine(lines)).toHaveLength(1);
      } finally {
        await services.provisioner.remove('default');
        await runtime.auth.catch(() => {});
        await runtime.stop();
        await dropDatabase(platformDatabase);
      }
    });

    it('creates nothing in platform mode', async () => {
      const platformDatabase = uniqueDatabase();
      const lines: string[] = [];
      const runtime = startRuntime(config('platform'), { issuer: 'http://127.0.0.1/auth/v1', log: (line) => lines.push(line), platformDatabase });
      const services = await runtime.services;
      try {
        expect(await counts(services)).toEqual({ profiles: 0, organizations: 0, members: 0, projects: 0, api_keys: 0 });
        expect(await bootstrapMode('platform', services, (line) => lines.push(line))).toBeNull();
        expect(await counts(services)).toMatchObject({ organizations: 0, projects: 0 });
        expect(lines.join('\n')).not.toMatch(/default project/i);
      } finally {
        await runtime.auth.catch(() => {});
        await runtime.stop();
        await dropDatabase(platformDatabase);
      }
    });
  });
});
