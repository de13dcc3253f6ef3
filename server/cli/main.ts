// The `strata` command (bin/strata.mjs; issue 21, spec A4.7): version, status, start, db dump. It reads the same
// environment as the platform (PORT, HOST, STRATA_DATA_DIR, DATABASE_URL: README "Configuration").
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { loadSecrets } from '../db/secrets.ts';
import { serverFromUrl } from '../db/server.ts';
import { dumpProject } from '../lifecycle/dump.ts';
import { projectDatabase } from '../projects/names.ts';
import { PROJECT_REF_PATTERN } from '../../src/api/schemas/platformFields.ts';
import { cliRelease, cliVersion } from './version.ts';
import { cliBadge, nextReleaseEstimate } from '../../src/domain/cli-release.ts';

const USAGE = `Usage: strata <command>

  version            print this command's version
  status             is the platform running, where, and is the database up
  start              start the platform (self-hosted mode unless STRATA_MODE says otherwise)
  db dump <ref> [-f FILE]
                     dump a project's database with pg_dump (default FILE: <ref>.sql)
`;

/** The embedded cluster's port from its postmaster.pid, or null when it is not running. */
function clusterPort(config: Config): number | null {
  const file = join(config.dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !existsSync(`/proc/${pid}`)) return null;
  return port;
}

function adminUrl(config: Config): string | null {
  if (config.databaseUrl) return config.databaseUrl;
  const port = clusterPort(config);
  if (port === null) return null;
  const { postgresPassword } = loadSecrets(config.dataDir);
  return `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/postgres`;
}

async function status(config: Config): Promise<number> {
  const url = `http://${config.host}:${config.port}`;
  const release = cliRelease();
  const next = nextReleaseEstimate(release.published_at);
  console.log(`strata ${release.current} (${cliBadge(release)}; latest known ${release.latest ?? 'none'}${next ? `, next release expected ${next.toISOString().slice(0, 10)}` : ''})`);
  let up = false;
  try {
    const response = await fetch(`${url}/dashboard/`, { signal: AbortSignal.timeout(2000) });
    up = response.ok;
  } catch {
    up = false;
  }
  console.log(up ? `Platform: running at ${url}/dashboard` : `Platform: not running at ${url} (start it with: npx strata start)`);
  if (config.databaseUrl) console.log('Database: DATABASE_URL (an existing server)');
  else {
    const port = clusterPort(config);
    console.log(port ? `Database: embedded cluster on 127.0.0.1:${port} (data folder ${config.dataDir})` : `Database: not running (data folder ${config.dataDir})`);
  }
  return up ? 0 : 1;
}

async function dump(config: Config, args: string[]): Promise<number> {
  const ref = args[0];
  if (!ref || !PROJECT_REF_PATTERN.test(ref) && ref !== 'default') {
    console.error(`strata db dump: give a project ref (20 lower-case letters)\n\n${USAGE}`);
    return 2;
  }
  const fileFlag = args.indexOf('-f');
  const file = resolve(fileFlag >= 0 && args[fileFlag + 1] ? args[fileFlag + 1]! : `${ref}.sql`);
  const url = adminUrl(config);
  if (!url) {
    console.error(`strata db dump: the database is not running (data folder ${config.dataDir}); start it with: npx strata start`);
    return 1;
  }
  const server = serverFromUrl(url, 'external');
  try {
    const admin = await import('pg').then(({ default: pg }) => new pg.Client({ connectionString: url }));
    await admin.connect();
    const found = await admin.query('select current_setting($1) as v, exists (select 1 from pg_database where datname = $2) as e', [
      'server_version_num',
      projectDatabase(ref),
    ]);
    await admin.end();
    if (!found.rows[0].e) {
      console.error(`strata db dump: no project ${ref} in this platform`);
      return 1;
    }
    await dumpProject(server, ref, String(Math.floor(Number(found.rows[0].v) / 10000)), file);
    console.log(`Dumped project ${ref} to ${file}`);
    return 0;
  } catch (error) {
    console.error(`strata db dump: ${(error as Error).message}`);
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'version' || command === '--version' || command === '-v') {
    console.log(`strata ${cliVersion()}`);
    return 0;
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (command === 'status') return status(config);
  if (command === 'db' && rest[0] === 'dump') return dump(config, rest.slice(1));
  if (command === 'start') {
    process.env.STRATA_MODE ??= 'self-hosted';
    process.env.STRATA_CLI_VERSION = cliVersion();
    await import('../start.mjs');
    return -1;
  }
  console.error(`strata: unknown command '${argv.join(' ')}'\n\n${USAGE}`);
  return 2;
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
