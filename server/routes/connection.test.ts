// Connection settings (issue 16, spec A2.10, A4.6): the strings the Connect dialog builds connect for real (psql with
// the URI and PSQL forms, node-postgres with the Node.js form), the password reset really changes the password, the
// pooler settings are checked and saved, and every route checks session and membership.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStrings, withPassword } from '../../src/domain/connect/strings.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery'; // the harness's project password (h.activeProject)

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  ref = await h.activeProject(owner);
}, 60_000);
afterAll(async () => h?.close());

async function endpoint() {
  const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  expect(settings.status).toBe(200);
  const { db_host: host, db_port: port, db_name: database, db_user: user } = settings.body;
  return { host, port, database, user };
}

/** psql with the given arguments; resolves with its output or rejects with its stderr. */
async function psql(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run('psql', [...args, '-w', '-X', '-A', '-t', '-c', 'select current_user || \' \' || current_database()'], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '5', ...env },
  });
  return stdout.trim();
}

/** The words of the PSQL form, as a shell would split them (the form quotes nothing for these names). */
const psqlArgs = (form: string) => form.split(' ').slice(1);

async function nodePg(nodeForm: string, password: string) {
  const url = withPassword(nodeForm, 'nodejs', password).replace(/^DATABASE_URL=/, '');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<{ who: string }>('select current_user as who')).rows[0]!.who;
  } finally {
    await client.end();
  }
}

/** Whether a client program is installed (.ci/run installs PHP with PDO pgsql, a JRE and Debian's JDBC driver). */
function canRun(command: string, args: string[], expect?: RegExp): boolean {
  try {
    const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return expect ? expect.test(out) : true;
  } catch {
    return false;
  }
}
const PHP_PDO_PGSQL = canRun('php', ['-m'], /pdo_pgsql/);
const JDBC_JAR = '/usr/share/java/postgresql.jar';
const JAVA_JDBC = existsSync(JDBC_JAR) && canRun('java', ['-version']);
// Debian's Python with its psycopg2 and SQLAlchemy packages (python3-psycopg2, python3-sqlalchemy); a pyenv or venv
// python3 earlier on PATH would not see them.
const DEBIAN_PYTHON = '/usr/bin/python3';
const PYTHON_PSYCOPG2 = canRun(DEBIAN_PYTHON, ['-c', 'import psycopg2; print("ok")'], /ok/);
const PYTHON_SQLALCHEMY = PYTHON_PSYCOPG2 && canRun(DEBIAN_PYTHON, ['-c', 'import sqlalchemy; print("ok")'], /ok/);

/**
 * Whether the server checks passwords at all. The external-server run (server/testing/external-postgres.ts)
 * initialises its cluster with trust authentication, where any password is let in: there a refused wrong password
 * cannot be shown, and the reset test falls back to the role's verifier.
 */
async function checksPasswords(target: { host: string; port: number; database: string; user: string }): Promise<boolean> {
  return psql([withPassword(connectionStrings(target).uri, 'uri', 'surely not the password')]).then(() => false, () => true);
}

/** PHP's PDO with the PHP form (a DSN), as the dialog's snippet uses it. */
async function phpPdo(dsn: string) {
  const code = "$pdo = new PDO(getenv('DATABASE_DSN')); echo $pdo->query('select current_user')->fetchColumn();";
  const { stdout } = await run('php', ['-r', code], { env: { ...process.env, DATABASE_DSN: dsn } });
  return stdout.trim();
}

/** Python: psycopg2 with the Python form (a libpq keyword/value string), as the dialog's snippet uses it. */
async function pythonPsycopg2(dsn: string) {
  const code = 'import os, psycopg2\nwith psycopg2.connect(os.environ["DATABASE_DSN"]) as c:\n    cur = c.cursor(); cur.execute("select current_user"); print(cur.fetchone()[0])';
  const { stdout } = await run(DEBIAN_PYTHON, ['-c', code], { env: { ...process.env, DATABASE_DSN: dsn } });
  return stdout.trim();
}

/** Python: SQLAlchemy's engine with the SQLAlchemy form (postgresql+psycopg2://), as the dialog's snippet uses it. */
async function pythonSqlAlchemy(url: string) {
  const code =
    'import os\nfrom sqlalchemy import create_engine, text\nengine = create_engine(os.environ["DATABASE_URL"])\nwith engine.connect() as c:\n    print(c.execute(text("select current_user")).scalar())';
  const { stdout } = await run(DEBIAN_PYTHON, ['-c', code], { env: { ...process.env, DATABASE_URL: url } });
  return stdout.trim();
}

/** Java with Debian's PostgreSQL JDBC driver and the JDBC form (a single-file program, run from its source). */
async function javaJdbc(url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'strata-jdbc-'));
  const source = join(dir, 'Connect.java');
  writeFileSync(
    source,
    `public class Connect { public static void main(String[] a) throws Exception {
       try (var c = java.sql.DriverManager.getConnection(System.getenv("JDBC_URL"));
            var r = c.createStatement().executeQuery("select current_user")) { r.next(); System.out.print(r.getString(1)); } } }`,
  );
  try {
    const { stdout } = await run('java', ['-cp', JDBC_JAR, source], { env: { ...process.env, JDBC_URL: url }, timeout: 60_000 });
    return stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('connection strings connect (spec A2.10)', () => {
  it.skipIf(!PHP_PDO_PGSQL)('PHP: PDO connects with the PHP form (needs php with pdo_pgsql)', async () => {
    const target = await endpoint();
    expect(await phpPdo(withPassword(connectionStrings(target).php, 'php', PASSWORD))).toBe(target.user);
    if (await checksPasswords(target)) {
      await expect(phpPdo(withPassword(connectionStrings(target).php, 'php', 'not the password'))).rejects.toThrow(/password authentication failed/);
    }
  });

  it.skipIf(!JAVA_JDBC)('Java: the JDBC driver connects with the JDBC form (needs a JRE and Debian’s JDBC driver)', async () => {
    const target = await endpoint();
    expect(await javaJdbc(withPassword(connectionStrings(target).jdbc, 'jdbc', PASSWORD))).toBe(target.user);
  }, 90_000);

  it.skipIf(!PYTHON_PSYCOPG2)('Python: psycopg2 connects with the Python form (needs Debian’s python3-psycopg2)', async () => {
    const target = await endpoint();
    expect(await pythonPsycopg2(withPassword(connectionStrings(target).python, 'python', PASSWORD))).toBe(target.user);
    if (await checksPasswords(target)) {
      await expect(pythonPsycopg2(withPassword(connectionStrings(target).python, 'python', 'not the password'))).rejects.toThrow(/password authentication failed/);
    }
  });

  it.skipIf(!PYTHON_SQLALCHEMY)('SQLAlchemy: an engine connects with the SQLAlchemy form (needs Debian’s python3-sqlalchemy)', async () => {
    const target = await endpoint();
    expect(await pythonSqlAlchemy(withPassword(connectionStrings(target).sqlalchemy, 'sqlalchemy', PASSWORD))).toBe(target.user);
  });

  it('psql with the URI form, psql with the PSQL form, node-postgres with the Node.js form', async () => {
    const target = await endpoint();
    const strings = connectionStrings(target);
    const expected = `${target.user} ${target.database}`;
    expect(await psql([withPassword(strings.uri, 'uri', PASSWORD)])).toBe(expected);
    expect(await psql(psqlArgs(strings.psql), { PGPASSWORD: PASSWORD })).toBe(expected);
    expect(await nodePg(strings.nodejs, PASSWORD)).toBe(target.user);
    // The SQLAlchemy form is a URI with a dialect: without it, it is the same address.
    expect(await psql([withPassword(strings.sqlalchemy, 'sqlalchemy', PASSWORD).replace('postgresql+psycopg2://', 'postgresql://')])).toBe(expected);
    // The keyword/value forms (Go, Python) are libpq connection strings.
    expect(await psql([withPassword(strings.python, 'python', PASSWORD)])).toBe(expected);
  });
});

describe('database password reset', () => {
  it('the new password works at once and the old one stops working', async () => {
    const target = await endpoint();
    const strings = connectionStrings(target);
    const next = 'a new password with a % and an @';
    const verifier = async () =>
      (await h.services.pool.query<{ p: string | null }>('select rolpassword as p from pg_authid where rolname = $1', [target.user])).rows[0]?.p;
    const before = await verifier();
    const reset = await h.call('PATCH', `/api/platform/projects/${ref}/db-password`, { token: owner.token, body: { password: next } });
    expect(reset.status).toBe(200);
    // The role's SCRAM verifier is replaced at once…
    const after = await verifier();
    expect(after).toMatch(/^SCRAM-SHA-256\$/);
    expect(after).not.toBe(before);
    // …so a server that checks passwords refuses the old one (see checksPasswords: not the external-server run).
    if (await checksPasswords(target)) {
      await expect(psql([withPassword(strings.uri, 'uri', PASSWORD)])).rejects.toThrow(/password authentication failed/);
      await expect(nodePg(strings.nodejs, PASSWORD)).rejects.toThrow(/password authentication failed/);
    }
    expect(await nodePg(strings.nodejs, next)).toBe((await endpoint()).user);
    expect(await psql(psqlArgs(strings.psql), { PGPASSWORD: next })).toContain('strata_');
    // Back, for the other tests.
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/db-password`, { token: owner.token, body: { password: PASSWORD } })).status).toBe(200);
  });

  it('refuses a short or missing password with a clear 400, and keeps the old one', async () => {
    for (const body of [{ password: 'short' }, {}, { password: 42 }, 'not json']) {
      const answer = await h.call('PATCH', `/api/platform/projects/${ref}/db-password`, { token: owner.token, body });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/password|JSON|body/i);
    }
    expect(await nodePg(connectionStrings(await endpoint()).nodejs, PASSWORD)).toContain('strata_');
  });
});

describe('pooler configuration (spec A3 Pooler config, A4.6)', () => {
  it('reads one primary entry with the pool mode; without a pooler it says why instead of a string', async () => {
    const config = await h.call('GET', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token });
    expect(config.status).toBe(200);
    expect(config.body).toHaveLength(1);
    expect(config.body[0]).toMatchObject({ identifier: ref, database_type: 'PRIMARY', pool_mode: 'transaction', default_pool_size: 15 });
    if (!config.body[0].running) {
      expect(config.body[0].unavailable_reason).toMatch(/pooler/);
      expect(config.body[0].connection_string).toBe('');
    }
  });

  it('saves pool mode and size; refuses bad values with a 400', async () => {
    const saved = await h.call('PATCH', `/api/platform/projects/${ref}/config/supavisor`, {
      token: owner.token,
      body: { pool_mode: 'session', default_pool_size: 20 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body[0]).toMatchObject({ pool_mode: 'session', default_pool_size: 20 });
    for (const body of [{ pool_mode: 'statement' }, { default_pool_size: 0 }, { default_pool_size: 1.5 }, {}, { default_pool_size: '9' }]) {
      expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token, body })).status).toBe(400);
    }
    const back = await h.call('PATCH', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token, body: { pool_mode: 'transaction', default_pool_size: 15 } });
    expect(back.body[0]).toMatchObject({ pool_mode: 'transaction', default_pool_size: 15 });
  });
});

describe('access (session and membership)', () => {
  it('no session: 401; not a member: 404; a read-only member reads but cannot change', async () => {
    const routes = [
      ['GET', `/api/platform/projects/${ref}/config/supavisor`, undefined],
      ['PATCH', `/api/platform/projects/${ref}/config/supavisor`, { pool_mode: 'session' }],
      ['PATCH', `/api/platform/projects/${ref}/db-password`, { password: 'another long password' }],
    ] as const;
    const stranger = await h.user();
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    const { rows } = await h.services.pool.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref]);
    await h.services.pool.query(`insert into members (organization_id, profile_id, role) values ($1, $2, 'read_only')`, [rows[0]!.organization_id, reader.id]);
    for (const [method, path, body] of routes) {
      expect((await h.call(method, path, { token: null, body })).status).toBe(401);
      expect((await h.call(method, path, { token: stranger.token, body })).status).toBe(404);
      expect((await h.call(method, path, { token: reader.token, body })).status).toBe(method === 'GET' ? 200 : 403);
    }
    expect(await nodePg(connectionStrings(await endpoint()).nodejs, PASSWORD)).toContain('strata_');
  });
});
