// The floor under issue 17's concurrent figure (bench/data-api.ts): the least a Node server can do per request of
// the bench and still answer it as the Data API does. A bare node:http server, a pg pool of the project API pool's
// size, and per request the very batch a read sends (the settings of SETTINGS_READ_SQL and the read's statement
// built by the Data API's own readStatement, as a prepared statement, one Sync). No routing, no key check, no URL or
// select parsing, no SQL building per request (the statement of each book id is built once, at start), no request
// log, no Server-Timing. So its latencies are what the machine (its cores shared by wrk, Node and Postgres) allows
// with this database work; the platform's minus these is what the platform's own code costs.
//
// A child process of the bench (so the bench's CPU figures stay the client's):
//   node --import tsx bench/support/data-api-floor.ts
// with FLOOR_PG_URL (the project database, as the cluster's superuser: the settings switch to the key's role as
// they do for the platform's login role), FLOOR_REF, FLOOR_CLAIMS (the anon key's payload, JSON), FLOOR_BOOKS,
// FLOOR_POOL and PORT. Prints 'ready' once listening.
import { createServer } from 'node:http';
import pg from 'pg';
import { settingsThenStatement } from '../../server/data-api/batch.ts';
import { DEFAULT_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, readStatement, SETTINGS_READ_SQL } from '../../server/data-api/routes.ts';
import { schemaCache } from '../../server/data-api/schema.ts';
import { DEFAULT_SETTINGS } from '../../server/data-api/settings.ts';
import { ident } from '../../server/data-api/sql.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const ref = env('FLOOR_REF');
const books = Number(env('FLOOR_BOOKS'));
const claims = env('FLOOR_CLAIMS');
const role = (JSON.parse(claims) as { role: string }).role;
const pool = new pg.Pool({ connectionString: env('FLOOR_PG_URL'), max: Number(env('FLOOR_POOL')), application_name: 'strata-bench-floor' });
pool.on('error', () => {});

// The platform's defaults: its statement timeout, the settings' row cap and schemas, its response cap (routes.ts).
const cache = await schemaCache(ref, pool, DEFAULT_SETTINGS.schemas);
const path = `/p/${ref}/rest/v1/books`;
const settings = (values: string[]) => ({ text: SETTINGS_READ_SQL, values });
const settingValues = [role, claims, String(DEFAULT_TIMEOUT_MS), ident('public'), 'GET', path];
const statements: { text: string; values: unknown[] }[] = [];
for (let id = 1; id <= books; id++) {
  const { config } = readStatement(
    cache,
    'public',
    'books',
    new URLSearchParams({ select: 'id,title,authors(name)', id: `eq.${id}` }),
    new Headers(),
    { single: false, stripNulls: false },
    null,
    DEFAULT_SETTINGS.maxRows,
    DEFAULT_RESPONSE_BYTES,
  );
  statements.push(config);
}
const NAME = 'floor_read';
if (new Set(statements.map((s) => s.text)).size !== 1) throw new Error('the reads of two ids differ in text: the floor expects one prepared statement');

createServer((request, response) => {
  const id = Number(/[?&]id=eq\.(\d+)/.exec(request.url ?? '')?.[1]);
  const statement = statements[id - 1];
  if (!statement) {
    response.writeHead(404).end();
    return;
  }
  void (async () => {
    const client = await pool.connect();
    try {
      const result = await settingsThenStatement(client, settings(settingValues), { name: NAME, text: statement.text, values: statement.values });
      const row = result.rows[0] as { body: string };
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-0/*' });
      response.end(row.body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    } finally {
      client.release();
    }
  })();
}).listen(Number(env('PORT')), '127.0.0.1', () => console.log('ready'));
