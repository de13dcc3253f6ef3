// The real entry point as a process: serves /dashboard before the database is up, survives SIGKILL in the middle
// of provisioning (the next start reuses the Postgres left running and finishes the project), and on SIGTERM
// stops HTTP then Postgres.
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './testing/database.ts';
import { launchPlatform, type PlatformProcess } from './testing/processes.ts';

const root = mkdtempSync(join(tmpdir(), 'strata-main-'));
const dataDir = join(root, 'data');
const distDir = join(root, 'dist');
mkdirSync(join(distDir, 'assets'), { recursive: true });
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>STRATA-TEST-CONSOLE</title>');
writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
const DB_PASS = 'process-test-secret-9731';

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(root, { recursive: true, force: true });
});

interface Platform extends PlatformProcess {
  url: string;
}

async function launch(port: number, pgPort: number): Promise<Platform> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), STRATA_DATA_DIR: dataDir, STRATA_PG_PORT: String(pgPort), STRATA_MODE: 'self-hosted', STRATA_DIST_DIR: distDir };
  delete env.DATABASE_URL;
  const platform: Platform = { ...launchPlatform(env), url: `http://127.0.0.1:${port}` };
  children.push(platform.child);
  await platform.waitFor(new RegExp(`Strata is running at http://127\\.0\\.0\\.1:${port}/dashboard`));
  return platform;
}

async function api(platform: Platform, method: string, path: string, body?: unknown) {
  const response = await fetch(`${platform.url}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('server/main.ts', () => {
  // Two platform starts (one with initdb) and a provisioning: 8 s in a quiet full run, 21-31 s at load 6-10.
  it('serves the console at once, survives SIGKILL mid-provisioning and shuts down in order', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const started = performance.now();
    const first = await launch(port, pgPort);
    const listeningMs = performance.now() - started;

    // The console does not wait for the database (initdb is still running on this first start).
    const page = await fetch(`${first.url}/dashboard/project/abc/editor`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('STRATA-TEST-CONSOLE');
    expect(first.output()).not.toMatch(/Database ready/);
    const root = await fetch(`${first.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/dashboard');
    const asset = await fetch(`${first.url}/dashboard/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${first.url}/dashboard/assets/missing.js`)).status).toBe(404);

    // API calls wait for the database; self-hosted mode needs no token.
    const org = await api(first, 'POST', '/api/platform/organizations', { name: 'Process' });
    expect(org.status).toBe(201);
    await first.waitFor(/Database ready in \d+ ms/);
    console.log(`[timing] first start: listening after ${listeningMs.toFixed(0)} ms; ${/Postgres (started|reused) .*\)/.exec(first.output())?.[0]}; ${/Database ready in \d+ ms/.exec(first.output())?.[0]}`);
    const project = await api(first, 'POST', '/api/platform/projects', { organization_slug: org.body.slug, name: 'Survivor', db_pass: DB_PASS, db_region: 'local' });
    expect(project.status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited();

    const restartedAt = performance.now();
    const second = await launch(port, pgPort);
    await second.waitFor(/Database ready in \d+ ms/);
    console.log(`[timing] restart after SIGKILL: listening after ${(performance.now() - restartedAt).toFixed(0)} ms; ${/Postgres (started|reused) .*\)/.exec(second.output())?.[0]}; ${/Database ready in \d+ ms/.exec(second.output())?.[0]}`);
    expect(second.output()).toMatch(/Reusing the Postgres server left running/);
    const deadline = Date.now() + 30_000;
    let status = '';
    while (Date.now() < deadline && status !== 'ACTIVE_HEALTHY') {
      status = (await api(second, 'GET', `/api/platform/projects/${project.body.ref}/status`)).body.status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('ACTIVE_HEALTHY');
    const client = new pg.Client({ host: '127.0.0.1', port: pgPort, database: `project_${project.body.ref}`, user: `strata_${project.body.ref}`, password: DB_PASS });
    await client.connect();
    await client.end();

    second.child.kill('SIGTERM');
    expect(await second.exited()).toBe(0);
    expect(second.output()).toMatch(/SIGTERM: stopping[\s\S]*stopped/);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    // Secrets never reach the log.
    expect(first.output() + second.output()).not.toContain(DB_PASS);
  });
});
