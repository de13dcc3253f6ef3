// Runs the server tests against an existing PostgreSQL server through DATABASE_URL (DESIGN §5: one code path for
// the embedded cluster and an existing server). The "existing server" is a throwaway Debian PostgreSQL 15 started
// here in a temporary folder, so CI exercises the DATABASE_URL path for real.
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './database.ts';

const BIN = '/usr/lib/postgresql/15/bin';

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
  const vitest = spawn('node_modules/.bin/vitest', ['run', 'server', ...process.argv.slice(2)], {
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
