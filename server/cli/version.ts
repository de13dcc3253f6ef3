// The command-line tool's version and the releases the platform knows (issue 21, spec A4.7, A7
// GET {basePath}/api/cli-release-version, non-platform only).
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { Mode } from '../config.ts';
import type { AppEnv } from '../http/env.ts';
import { newestReleases, type CliRelease } from '../../src/domain/cli-release.ts';

const packageJson = new URL('../../package.json', import.meta.url);
const releasesJson = new URL('./releases.json', import.meta.url);

/** The version of this checkout's `strata` command (package.json), as 'vX.Y.Z'. */
export function cliVersion(): string {
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return `v${version}`;
}

interface ReleaseFile {
  releases: { version: string; published_at: string; prerelease?: boolean }[];
}

export function readReleases(file: URL | string = releasesJson): ReleaseFile['releases'] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as ReleaseFile;
  return Array.isArray(parsed.releases) ? parsed.releases : [];
}

/** current: the CLI that started the platform (STRATA_CLI_VERSION, set by `strata start`), else this checkout's. */
export function cliRelease(env: NodeJS.ProcessEnv = process.env, releases = readReleases()): CliRelease {
  const current = env.STRATA_CLI_VERSION?.trim() || cliVersion();
  return { current, ...newestReleases(releases) };
}

export function cliReleaseRoutes(mode: Mode): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/api/cli-release-version', (c) => {
    // spec A4.7: the version check exists only in self-hosted/local mode.
    if (mode === 'platform') return c.json({ message: 'The command-line version check exists only in self-hosted mode' }, 404);
    return c.json(cliRelease());
  });
  return routes;
}
