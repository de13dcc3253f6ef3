// Runs the server tests that can behave differently on an existing PostgreSQL server through DATABASE_URL (DESIGN §5:
// one code path for the embedded cluster and an existing server). The "existing server" is a throwaway Debian
// PostgreSQL 15 started here in a temporary folder, so CI exercises the DATABASE_URL path for real.
//
// Which files run here (the rule, applied to each server test file's text; `--all` runs every server file, and files
// named on the command line run as named). In-process tests reach Postgres the same way in both runs: the harness
// (server/testing/platform.ts) hands the platform its server by URL as an 'external' one, and the platform's code
// branches on DATABASE_URL only in server/runtime.ts and the CLI. So a file can only see a difference through
//   1. the configuration: it reads or sets DATABASE_URL / the server's kind, or the project's connection settings;
//   2. another process that reaches the server: a platform started with this environment, or a client (psql,
//      pg_dump, pgbouncer, PHP, Java, Python...) that logs in (here 'trust' authentication, there passwords);
//   3. the lifecycle of project databases on that server: provisioning, pause, restore, restart, resize, upgrade,
//      backups, branches, read replicas (databases, roles, dumps created and removed on a server the platform did
//      not start);
//   4. what differs between the two builds or setups of the server: extensions, roles and their logins,
//      pg_stat_statements, replication, pg_hba, ALTER SYSTEM.
// A file that removes DATABASE_URL from its child processes and uses no test database of its own (server/main.test.ts,
// server/secondInstance.test.ts ...) runs exactly as in the first run and is not repeated. Every other file (HTTP
// validation, auth rules, the Data API, storage, pgmeta reads...) runs its SQL through the same pg code on the same
// major version and runs once, in `vitest run`.
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './database.ts';

const BIN = '/usr/lib/postgresql/15/bin';

const SERVER_DEPENDENT: Record<string, RegExp> = {
  configuration: /DATABASE_URL|databaseUrl|serverFromUrl|\bkind\b.*\b(embedded|external)\b|connection string|db_host|db_port/,
  'another process': /\blaunchPlatform\(|\b(spawn|spawnSync|execFile|execFileSync)\(\s*process\.execPath|\b(psql|pg_dump|pg_restore|pgbouncer|php|java|python3?)\b/,
  lifecycle: /\/(pause|restore|resume|restart|resize|upgrade|backups?|branches|read-replicas?|replicas?)\b|\bprovision/,
  'server build or setup': /CREATE (EXTENSION|ROLE|SUBSCRIPTION|PUBLICATION)|ALTER (ROLE|SYSTEM)|pg_available_extensions|pg_extension\b|pg_stat_statements|pg_hba|pg_replication/i,
};
const EMBEDDED_ONLY = /delete env\.DATABASE_URL/;
const OWN_DATABASE = /startPlatformHarness|startTestCluster/;

/** The server test files the rule above selects, and for each the reasons. */
function serverDependentFiles(root = 'server'): { file: string; reasons: string[] }[] {
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(root, name))
    .sort();
  const selected: { file: string; reasons: string[] }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (EMBEDDED_ONLY.test(text) && !OWN_DATABASE.test(text)) continue;
    const reasons = Object.entries(SERVER_DEPENDENT).filter(([, pattern]) => pattern.test(text)).map(([reason]) => reason);
    if (reasons.length > 0) selected.push({ file, reasons });
  }
  return selected;
}

function run(cmd: string, args: string[]): void {
  const asPostgres = process.getuid?.() === 0;
  const result = asPostgres
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { stdio: 'inherit' })
    : spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} failed with status ${result.status}`);
}

if (!existsSync(`${BIN}/initdb`)) {
  console.log(`skipped: no Debian PostgreSQL 15 server at ${BIN} (apt-get install postgresql-15); .ci/run installs it`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'strata-external-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const port = await freePort();
let code = 1;
try {
  run(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  // pg_stat_statements preloaded, as an operator enabling Query Performance would (issue 19); the page's answer for a
  // server without it has its own test (server/advisors/query-stats-unloaded.test.ts).
  run(`${BIN}/pg_ctl`, ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_preload_libraries=pg_stat_statements -c wal_level=logical`, '-w', '-l', join(dir, 'log'), 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`server tests against an existing server: DATABASE_URL=${url}`);
  const args = process.argv.slice(2);
  let files: string[];
  if (args.includes('--all')) files = ['server/'];
  else if (args.length > 0) files = args;
  else {
    const selected = serverDependentFiles();
    for (const { file, reasons } of selected) console.log(`  ${file} (${reasons.join(', ')})`);
    console.log(`${selected.length} server test files can differ on an existing server (rule: server/testing/external-postgres.ts)`);
    files = selected.map(({ file }) => file);
  }
  const vitest = spawn('node_modules/.bin/vitest', ['run', '--project', 'server', '--project', 'server-alone', ...files.filter((arg) => arg !== '--all')], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  code = await new Promise<number>((resolve) => vitest.on('exit', (c) => resolve(c ?? 1)));
} finally {
  try {
    run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
