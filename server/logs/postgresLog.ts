// Postgres's own log (issue 19): the embedded cluster writes <data>/pg/server.log; the platform sets a line prefix
// naming the database (ALTER SYSTEM, at start), reads what was appended every PG_LOG_POLL_MS and stores each entry
// in postgres_logs, attributed to the project whose database it names. Passwords in logged statements are redacted.
import { open, stat } from 'node:fs/promises';
import type pg from 'pg';
import { LOG_MESSAGE_MAX } from './limits.ts';
import { REDACTED } from './redact.ts';

/** %m: time with milliseconds (log_timezone UTC), %p: pid, %q: what follows only for sessions, %u@%d: user@database. */
export const LOG_LINE_PREFIX = '%m [%p] %q%u@%d ';

const LINE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) (?:UTC|GMT) \[\d+\] (?:(\S*)@(\S*) )?([A-Z]+\d?):\s+(.*)$/;

export interface PostgresLogEntry {
  at: Date;
  severity: string;
  database: string | null;
  message: string;
}

/** Passwords in statements (CREATE/ALTER ROLE … PASSWORD '…') and anything shaped like a token. */
export function redactPostgresMessage(message: string): string {
  return message
    .replace(/(password\s*)(E?'(?:[^']|'')*'?)/gi, `$1'${REDACTED}'`)
    .replace(/eyJ[\w-]*\.[\w-]*\.?[\w-]*|sb_(?:secret|publishable)_[\w-]+/g, REDACTED)
    .slice(0, LOG_MESSAGE_MAX);
}

/** Parses appended log text; lines that continue an entry (tab-indented) are joined to it. */
export function parsePostgresLog(text: string): PostgresLogEntry[] {
  const entries: PostgresLogEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const match = LINE.exec(line);
    if (match) {
      const [, time, , database, severity, message] = match;
      entries.push({
        at: new Date(`${time!.replace(' ', 'T')}Z`),
        severity: severity!,
        database: database || null,
        message: redactPostgresMessage(message!),
      });
    } else if (entries.length > 0) {
      const last = entries[entries.length - 1]!;
      last.message = redactPostgresMessage(`${last.message}\n${line.replace(/^\t/, '')}`);
    }
  }
  return entries;
}

/** Makes the cluster's log name the database and use UTC (embedded cluster only). */
export async function configurePostgresLogging(pool: pg.Pool): Promise<void> {
  await pool.query(`alter system set log_line_prefix = '${LOG_LINE_PREFIX}'`);
  await pool.query(`alter system set log_timezone = 'UTC'`);
  await pool.query('select pg_reload_conf()');
}

/** Reads what was appended to `file` since the last call and stores it; starts at the end of the file. */
export function createPostgresLogReader(pool: pg.Pool, file: string) {
  let offset: number | null = null;
  let partial = '';
  return async function readAppended(): Promise<number> {
    const size = await stat(file).then((s) => s.size, () => 0);
    if (offset === null || size < offset) {
      offset = offset === null ? size : 0;
      partial = '';
      if (size === offset) return 0;
    }
    if (size === offset) return 0;
    const handle = await open(file, 'r');
    let text: string;
    try {
      const length = Math.min(size - offset, 4 * 1024 * 1024);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, offset);
      offset += length;
      text = partial + buffer.toString('utf8');
    } finally {
      await handle.close();
    }
    const cut = text.lastIndexOf('\n');
    partial = cut === -1 ? text : text.slice(cut + 1);
    const entries = parsePostgresLog(cut === -1 ? '' : text.slice(0, cut));
    if (entries.length === 0) return 0;
    await pool.query(
      `insert into postgres_logs (project_ref, at, severity, database, message)
       select p.ref, e.at, e.severity, e.database, e.message
         from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[]) with ordinality as e(at, severity, database, message, n)
         left join databases d on d.db_name = e.database
         left join projects p on p.id = d.project_id
        order by e.n`,
      [entries.map((e) => e.at), entries.map((e) => e.severity), entries.map((e) => e.database), entries.map((e) => e.message)],
    );
    return entries.length;
  };
}
