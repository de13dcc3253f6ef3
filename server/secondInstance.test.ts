// Issue 13 finding 7: starting the platform a second time on the same data folder (same ports, or other ones) must
// be refused with a clear message, and must leave the running platform and its Postgres alone. A folder whose
// platform has gone (SIGTERM, or SIGKILL: server/main.test.ts) is taken over by the next start.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './testing/database.ts';
import { launchPlatform, type PlatformProcess } from './testing/processes.ts';

const root = mkdtempSync(join(tmpdir(), 'strata-second-'));
const dataDir = join(root, 'data');
const distDir = join(root, 'dist');
mkdirSync(distDir, { recursive: true });
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>console</title>');

const launched: PlatformProcess[] = [];
afterAll(async () => {
  for (const platform of launched) if (platform.child.exitCode === null) platform.child.kill('SIGTERM');
  await Promise.all(launched.map((platform) => platform.exited()));
  rmSync(root, { recursive: true, force: true });
});

function launch(port: number, pgPort: number): PlatformProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), STRATA_DATA_DIR: dataDir, STRATA_PG_PORT: String(pgPort), STRATA_MODE: 'self-hosted', STRATA_DIST_DIR: distDir };
  delete env.DATABASE_URL;
  const platform = launchPlatform(env);
  launched.push(platform);
  return platform;
}

/** An API call that needs the database: creates an organization (self-hosted mode needs no token). */
async function createOrganization(port: number, name: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/platform/organizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  await response.text();
  return response.status;
}

describe('a second platform on the same data folder', () => {
  it('is refused with a clear message, and the first keeps working', async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const first = launch(port, pgPort);
    await first.waitFor(/Database ready in \d+ ms/);
    expect(await createOrganization(port, 'Before')).toBe(201);

    // Same ports: the case of the report. Then other ports: the folder alone is the conflict.
    for (const [label, httpPort, databasePort] of [
      ['same ports', port, pgPort],
      ['other ports', await freePort(), await freePort()],
    ] as const) {
      const second = launch(httpPort, databasePort);
      const code = await second.exited();
      expect(code, `${label}:\n${second.output()}`).not.toBe(0);
      // The first platform and its database still answer.
      expect(await createOrganization(port, `After ${label}`), `${label}:\n${first.output()}`).toBe(201);
      expect(second.output(), label).toMatch(
        new RegExp(`The data folder .* is in use by another Strata platform \\(pid ${first.child.pid}\\)`),
      );
      expect(second.output(), label).not.toMatch(/Postgres (started|reused)|Stopping/);
    }
    expect(first.child.exitCode).toBeNull();
    expect(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).toBeTruthy();

    // Stopped in order, the folder is free again.
    first.child.kill('SIGTERM');
    expect(await first.exited()).toBe(0);
    expect(existsSync(join(dataDir, 'platform.pid'))).toBe(false);
    // A dump cut short by a crash (issue 13 finding 9) is removed by the next start.
    const partial = join(dataDir, 'files', 'default', 'backups', '987654.sql.partial');
    mkdirSync(join(partial, '..'), { recursive: true });
    writeFileSync(partial, '-- cut short');
    const next = launch(port, pgPort);
    await next.waitFor(/Database ready in \d+ ms/);
    expect(existsSync(partial)).toBe(false);
    expect(next.output()).toMatch(/Removed 1 unfinished backup file/);
    expect(await createOrganization(port, 'Next')).toBe(201);
    next.child.kill('SIGTERM');
    expect(await next.exited()).toBe(0);
  }, 120_000);
});
