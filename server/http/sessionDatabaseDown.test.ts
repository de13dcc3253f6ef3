// Issue 13 finding 9: with the database down, a valid session was answered 401 (as if signed out, so the console
// dropped it) because the verifier's database error was taken for a bad token. A token that cannot be checked is a
// 503; a bad token is still a 401; the session works again when the database is back. The real auth verifier on
// a real database that stops taking connections.
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from '../auth/testing.ts';
import type { AppEnv } from './env.ts';
import { requireSession } from './session.ts';

let h: AuthHarness;
let token: string;
let app: Hono<AppEnv>;
let admin: pg.Client;
let database: string;

beforeAll(async () => {
  h = await startAuthHarness();
  const email = uniqueEmail('down');
  expect((await h.admin().createUser({ email, password: STRONG_PASSWORD, email_confirm: true })).error).toBeNull();
  const signedIn = await h.client().signInWithPassword({ email, password: STRONG_PASSWORD });
  token = signedIn.data.session!.access_token;
  app = new Hono<AppEnv>();
  app.use('/api/*', requireSession({ mode: 'platform', verifyAccessToken: (t) => h.service.verifyAccessToken(t) }));
  app.get('/api/me', (c) => c.json({ sub: c.var.user.sub }));
  const url = new URL(String((h.pool as unknown as { options: { connectionString: string } }).options.connectionString));
  database = url.pathname.slice(1);
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
}, 120_000);

afterAll(async () => {
  await admin?.query(`alter database ${admin.escapeIdentifier(database)} allow_connections true`).catch(() => {});
  await admin?.end();
  await h?.close();
});

const me = (bearer: string) => app.request('/api/me', { headers: { authorization: `Bearer ${bearer}` } });

/** The database refuses new connections and drops the open ones, as when its server is stopped. */
async function takeDatabaseDown() {
  await admin.query(`alter database ${admin.escapeIdentifier(database)} allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
}

describe('sessions while the platform database is down', () => {
  it('answers 503, not 401, for a valid token; 401 for a bad one; and recovers', async () => {
    expect(await (await me(token)).json()).toEqual({ sub: expect.any(String) });

    await takeDatabaseDown();
    const down = await me(token);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'The platform database is not available; see the platform log' });
    // A token that is not ours fails before any database read: still a 401.
    expect((await me(`${token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await me('not-a-jwt')).status).toBe(401);

    await admin.query(`alter database ${admin.escapeIdentifier(database)} allow_connections true`);
    const back = await me(token);
    expect(back.status).toBe(200);
  });
});
