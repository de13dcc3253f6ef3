// pg_dump of a project's database as a plain-SQL stream (`--no-owner --no-privileges`), so `psql -f` restores it
// into any other project's database as that project's owner. pg_dump must be of the server's major version
// (an older one refuses a newer server; a newer one writes SQL an older server may not take): Debian's
// postgresql-client-{major} provides /usr/lib/postgresql/{major}/bin/pg_dump.
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { DatabaseServer } from '../db/server.ts';
import { projectDatabase } from '../projects/names.ts';

const run = promisify(execFile);

export class DumpToolError extends Error {
  override name = 'DumpToolError';
}

const found = new Map<string, Promise<string>>();

async function majorOf(binary: string): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 5000 });
    return /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The pg_dump binary of `major` ('15'), or a DumpToolError saying what to install. Cached per major. */
export function findPgDump(major: string): Promise<string> {
  let result = found.get(major);
  if (!result) {
    result = (async () => {
      const candidates = [`/usr/lib/postgresql/${major}/bin/pg_dump`, process.env.STRATA_PG_DUMP, 'pg_dump'].filter(
        (candidate): candidate is string => Boolean(candidate) && (candidate === 'pg_dump' || existsSync(candidate!)),
      );
      const seen: string[] = [];
      for (const candidate of candidates) {
        const version = await majorOf(candidate);
        if (version === major) return candidate;
        seen.push(`${candidate}: ${version ? `version ${version}` : 'not found'}`);
      }
      throw new DumpToolError(
        `Backups need pg_dump ${major} (the server runs PostgreSQL ${major}); install Debian's postgresql-client-${major}` +
          ` (apt-get install postgresql-client-${major}). Looked at ${seen.join('; ')}`,
      );
    })();
    // A missing tool may be installed while the platform runs: do not cache failures.
    result.catch(() => found.delete(major));
    found.set(major, result);
  }
  return result;
}

/**
 * Runs one of Postgres's client tools (pg_dump, pg_restore) and answers its standard output; a failure rejects with
 * `toError` of the tool's name, exit code and the last lines of its standard error (kept to 4,000 characters).
 */
export function runPgTool(binary: string, args: string[], env: NodeJS.ProcessEnv, toError: (message: string) => Error = (message) => new Error(message)): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(toError(`${binary.split('/').pop()} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** libpq environment for a server URL: the password never appears on a command line. */
export function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    PGUSER: decodeURIComponent(parsed.username) || 'postgres',
    PGCONNECT_TIMEOUT: '10',
  };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** pg_dump's output with `args`, as it is written (nothing is held in memory beyond the stream's buffers). */
async function* pgDumpOutput(binary: string, env: NodeJS.ProcessEnv, args: string[]): AsyncGenerator<Buffer> {
  const child = spawn(binary, ['--format=plain', '--no-owner', '--no-privileges', '--encoding=UTF8', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  closed.catch(() => {});
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const code = await closed;
    if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  } finally {
    // The reader stopped early (the upload failed): the dump is not wanted any more.
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}

/**
 * The project's `auth` schema (issue 18) is made by the platform in every project, so a dump restored into another
 * project must not create it again: its definition is left out and its rows come after the rest, data only. Left
 * out too: what belongs to the instance, not to the users (rate-limit counters, instance secrets, signing keys).
 * Restored rows do not write audit entries again (auth.audit_trigger reads strata.auth_restore).
 */
const AUTH_DATA_ARGS = [
  '--data-only',
  '--schema=auth',
  '--exclude-table=auth.rate_limit_counters',
  '--exclude-table=auth.instance_secrets',
  '--exclude-table=auth.signing_keys',
];

/**
 * The project's database as a plain-SQL dump, streamed (issue 23: written straight to the storage backend, the
 * local folder or S3, never whole in memory nor in a temporary file).
 */
export async function* dumpProjectStream(server: DatabaseServer, ref: string, major: string): AsyncGenerator<Buffer> {
  const binary = await findPgDump(major);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...libpqEnv(server.url(projectDatabase(ref))) };
  yield* pgDumpOutput(binary, env, ['--exclude-schema=auth']);
  let started = false;
  try {
    for await (const chunk of pgDumpOutput(binary, env, AUTH_DATA_ARGS)) {
      if (!started) {
        started = true;
        yield Buffer.from(
          "\n-- The project's auth users and sessions (data only: the target project has the schema).\n" +
            "SELECT pg_catalog.set_config('strata.auth_restore', 'on', false);\n",
        );
      }
      yield chunk;
    }
  } catch (error) {
    // A project never used since before issue 18 has no auth schema yet: nothing to add.
    if (!started && /no matching schemas/.test((error as Error).message)) return;
    throw error;
  }
}

/** Dumps the project's database into `file` (the `strata db dump` command). */
export async function dumpProject(server: DatabaseServer, ref: string, major: string, file: string): Promise<void> {
  await pipeline(Readable.from(dumpProjectStream(server, ref, major)), createWriteStream(file));
}
