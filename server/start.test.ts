// `npm start` as a user runs it: `node server/start.mjs` bundles the platform when its sources changed
// (scripts/build-server.mjs) and runs the bundle with no TypeScript loader in the process. Everything a bundle can
// get wrong is driven here: files the sources find beside themselves through import.meta.url (the platform's
// migrations, a project's auth schema, the docs corpus), the lazily loaded app behind the console-first server, and
// the orderly stop. The console build is a stand-in with a valid stamp, so no `vite build` runs.
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { writeBuildStamp } from './build-stamp.mjs';
import { freePort } from './testing/database.ts';
import { launchPlatform } from './testing/processes.ts';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'strata-start-'));
const dataDir = join(scratch, 'data');
const distDir = join(scratch, 'dist');
mkdirSync(distDir, { recursive: true });
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>STRATA-START-CONSOLE</title>');
writeBuildStamp(repo, distDir);
const DB_PASS = 'start-test-secret-5521';

let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 500));
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm start (server/start.mjs)', () => {
  it('bundles the platform, serves the console and the API from the bundle, and stops in order', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), STRATA_DATA_DIR: dataDir, STRATA_PG_PORT: String(pgPort), STRATA_MODE: 'self-hosted', STRATA_DIST_DIR: distDir };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    const platform = launchPlatform(env, { args: ['server/start.mjs'], cwd: repo });
    child = platform.child;
    const waitFor = platform.waitFor;
    const url = `http://127.0.0.1:${port}`;
    await waitFor(new RegExp(`Strata is running at http://127\\.0\\.0\\.1:${port}/dashboard`));
    // The console build was current: only the platform may have been bundled.
    expect(platform.output()).not.toMatch(/building the console/);
    expect(existsSync(join(repo, '.build', 'server', 'main.js'))).toBe(true);
    // No TypeScript loader in the platform's process: it runs the bundle.
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual(['server/start.mjs']);
    const maps = readFileSync(`/proc/${child.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/esbuild/);

    const page = await fetch(`${url}/dashboard/project/abc/editor`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('STRATA-START-CONSOLE');

    // The docs pages are read from docs/ beside the sources.
    const docs = await fetch(`${url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/<h1|<title/);

    // The platform's migrations ran (server/migrations/ beside the sources), and a new project gets its auth schema
    // (server/project-auth/schema.sql and two migrations, read the same way).
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, ...(body ? { body: JSON.stringify(body) } : {}) });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    const org = await call('POST', '/api/platform/organizations', { name: 'Bundled' });
    expect(org.status).toBe(201);
    const project = await call('POST', '/api/platform/projects', { organization_slug: org.body.slug, name: 'Bundled', db_pass: DB_PASS, db_region: 'local' });
    expect(project.status).toBe(201);
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline && status !== 'ACTIVE_HEALTHY') {
      status = (await call('GET', `/api/platform/projects/${project.body.ref}/status`)).body.status ?? '';
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toBe('ACTIVE_HEALTHY');
    const client = new pg.Client({ host: '127.0.0.1', port: pgPort, database: `project_${project.body.ref}`, user: `strata_${project.body.ref}`, password: DB_PASS });
    await client.connect();
    try {
      const { rows } = await client.query<{ users: string | null }>(`select to_regclass('auth.users')::text as users`);
      expect(rows[0]!.users).toBe('auth.users');
    } finally {
      await client.end();
    }

    child.kill('SIGTERM');
    expect(await platform.exited()).toBe(0);
    expect(platform.output()).toMatch(/SIGTERM: stopping[\s\S]*stopped/);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(platform.output()).not.toContain(DB_PASS);
  });
});
