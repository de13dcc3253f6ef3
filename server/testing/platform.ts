// Test-only harness: the platform app on a real Postgres (startTestCluster, honours DATABASE_URL) with a fake
// token verifier, so API tests sign their own access tokens without the auth service.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp } from '../app.ts';
import type { Mode } from '../config.ts';
import { serverFromUrl } from '../db/server.ts';
import type { AppEnv } from '../http/env.ts';
import type { AccessClaims } from '../http/session.ts';
import { createServices, type Services, type ServicesOptions } from '../services.ts';
import { startTestCluster, type TestCluster } from './database.ts';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export interface PlatformHarness {
  app: Hono<AppEnv>;
  services: Services;
  cluster: TestCluster;
  publicHost: string;
  /**
   * A user with a signed token. Like every account of the real platform it has an auth user whose address is
   * confirmed, unless `confirmed: false` (a sign-up still waiting for its mailed link).
   */
  user(email?: string, options?: { confirmed?: boolean }): Promise<TestUser>;
  /** Calls the app in-process; the body is sent as JSON unless it is a string. */
  request(method: string, path: string, options?: { token?: string | null; body?: unknown }): Promise<Response>;
  /** Same as request, then parses JSON and returns status and body. */
  call<T = any>(method: string, path: string, options?: { token?: string | null; body?: unknown }): Promise<{ status: number; body: T }>;
  /** Polls the project status until it is `status` (or fails after `timeoutMs`). */
  waitForStatus(ref: string, token: string, status: string, timeoutMs?: number): Promise<void>;
  /** An organization 'Acme' of `owner` with one project 'Shop', waited for until ACTIVE_HEALTHY: its ref. */
  activeProject(owner: TestUser): Promise<string>;
  close(): Promise<void>;
}

let harnessCount = 0;

export async function startPlatformHarness(
  options: { mode?: Mode; cluster?: TestCluster; devSwitches?: boolean } & ServicesOptions = {},
): Promise<PlatformHarness> {
  const cluster = options.cluster ?? (await startTestCluster());
  const platformDatabase = `strata_platform_t${process.pid}_${harnessCount++}_${randomBytes(3).toString('hex')}`;
  const server = serverFromUrl(cluster.url('postgres'), 'external');
  const services = await createServices(server, { ...options, platformDatabase });
  const secret = new TextEncoder().encode(randomBytes(32).toString('hex'));
  const distDir = mkdtempSync(join(tmpdir(), 'strata-dist-'));
  const publicHost = '127.0.0.1:54321';

  const verifyAccessToken = async (token: string): Promise<AccessClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: 'test' });
      return {
        sub: String(payload.sub),
        ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
        aal: 'aal1',
        session_id: String(payload.session_id),
      };
    } catch {
      return null;
    }
  };
  const app = createApp({
    mode: options.mode ?? 'platform',
    publicHost,
    distDir,
    services: async () => services,
    verifyAccessToken,
    devSwitches: options.devSwitches ?? false,
  });

  const request = (method: string, path: string, opts: { token?: string | null; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
  };

  const call = async (method: string, path: string, opts: { token?: string | null; body?: unknown } = {}) => {
    const response = await request(method, path, opts);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as any };
  };

  const waitForStatus = async (ref: string, token: string, status: string, timeoutMs = 15_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      const response = await call('GET', `/api/platform/projects/${ref}/status`, { token });
      last = response.body?.status;
      if (last === status) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`project ${ref} stayed ${last}, expected ${status}`);
  };

  return {
    app,
    services,
    cluster,
    publicHost,
    async user(email = `user-${randomBytes(4).toString('hex')}@example.com`, { confirmed = true } = {}) {
      const id = randomUUID();
      // Invitations go by the auth tables' confirmed address (issue 13 finding 6), so the user exists there too.
      await services.pool.query(
        `insert into auth.users (id, email, email_confirmed_at) values ($1, $2, case when $3 then now() end)
         on conflict (email) where email is not null do nothing`,
        [id, email.trim().toLowerCase(), confirmed],
      );
      const token = await new SignJWT({ email, session_id: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('test')
        .setExpirationTime('1h')
        .sign(secret);
      return { id, email, token };
    },
    request,
    call,
    waitForStatus,
    async activeProject(owner) {
      const org = await call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Acme' } });
      const created = await call('POST', '/api/platform/projects', {
        token: owner.token,
        body: { organization_slug: org.body.slug, name: 'Shop', db_pass: 'correct horse battery', db_region: 'local' },
      });
      if (created.status !== 201) throw new Error(`project not created: ${created.status} ${JSON.stringify(created.body)}`);
      await waitForStatus(created.body.ref, owner.token, 'ACTIVE_HEALTHY');
      return created.body.ref as string;
    },
    async close() {
      await services.provisioner.settled();
      // Project databases and roles live on a shared server when DATABASE_URL is set: remove them.
      const { rows } = await services.pool.query<{ ref: string }>('select ref from projects');
      for (const { ref } of rows) await services.provisioner.remove(ref).catch(() => {});
      await services.close();
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(platformDatabase)} with (force)`).catch(() => {});
      await admin.end();
      rmSync(distDir, { recursive: true, force: true });
      rmSync(services.filesDir, { recursive: true, force: true });
      if (!options.cluster) await cluster.close();
    },
  };
}
