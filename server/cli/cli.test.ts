// Issue 21 (spec A4.7): the `strata` command reports its version, the platform serves the newest releases from
// server/cli/releases.json in self-hosted mode only, and the command's errors are plain.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';
import { cliRelease, cliVersion, readReleases } from './version.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/strata.mjs', import.meta.url).pathname;

const temporary: string[] = [];
/** A temporary folder, removed after this file's tests. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('strata command', () => {
  it('prints its version, the one in package.json', async () => {
    const { stdout } = await run('node', [bin, 'version']);
    expect(stdout.trim()).toBe(`strata ${cliVersion()}`);
    expect(cliVersion()).toMatch(/^v\d+\.\d+\.\d+/);
  });

  it('status says the platform is not running on a free port, with exit code 1', async () => {
    const dataDir = tempDir('strata-cli-');
    // The embedded cluster's case: without DATABASE_URL (the external-server run sets it for every test).
    const { DATABASE_URL: _external, ...embedded } = process.env;
    const result = await run('node', [bin, 'status'], { env: { ...embedded, PORT: '1', STRATA_DATA_DIR: dataDir } }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Platform: not running at http://127.0.0.1:1');
    expect(result.stdout).toContain('Database: not running');
  });

  it('status names an existing server when DATABASE_URL is set', async () => {
    const dataDir = tempDir('strata-cli-');
    const env = { ...process.env, PORT: '1', STRATA_DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const result = await run('node', [bin, 'status'], { env }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Database: DATABASE_URL (an existing server)');
  });

  it('refuses a bad ref and an unknown command with usage (exit 2)', async () => {
    const bad = await run('node', [bin, 'db', 'dump', 'x;rm']).catch((e) => e);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('give a project ref');
    const unknown = await run('node', [bin, 'frob']).catch((e) => e);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frob'");
  });

  it('picks the newest stable and pre-release of a release file, and the current from STRATA_CLI_VERSION', () => {
    const file = join(tempDir('strata-rel-'), 'releases.json');
    writeFileSync(
      file,
      JSON.stringify({
        releases: [
          { version: 'v1.2.0', published_at: '2026-01-01T00:00:00Z' },
          { version: 'v1.10.0', published_at: '2026-02-01T00:00:00Z' },
          { version: 'v1.11.0-beta.1', published_at: '2026-02-05T00:00:00Z', prerelease: true },
        ],
      }),
    );
    expect(cliRelease({ STRATA_CLI_VERSION: 'v1.9.0' }, readReleases(file))).toEqual({
      current: 'v1.9.0',
      latest: 'v1.10.0',
      beta: 'v1.11.0-beta.1',
      published_at: '2026-02-01T00:00:00Z',
    });
  });
});

describe('GET /api/cli-release-version', () => {
  let local: PlatformHarness;
  let hosted: PlatformHarness;
  beforeAll(async () => {
    local = await startPlatformHarness({ mode: 'self-hosted' });
    hosted = await startPlatformHarness({ mode: 'platform', cluster: local.cluster });
  }, 120_000);
  afterAll(async () => {
    await hosted?.close();
    await local?.close();
  });

  it('answers the releases file in self-hosted mode', async () => {
    const user = await local.user();
    const { status, body } = await local.call('GET', '/api/cli-release-version', { token: user.token });
    expect(status).toBe(200);
    expect(body.current).toBe(cliVersion());
    expect(body.latest).toBe(readReleases().filter((r) => !r.prerelease)[0]!.version);
  });

  it('does not exist on the platform (404), and wants a session there too', async () => {
    const user = await hosted.user();
    expect((await hosted.call('GET', '/api/cli-release-version', { token: user.token })).status).toBe(404);
    expect((await hosted.call('GET', '/api/cli-release-version', { token: null })).status).toBe(401);
  });
});
