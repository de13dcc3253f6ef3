// The Data API's security promises (issue 17), each attacked: RLS under anon/authenticated/service_role with a
// policy reading request.jwt.claims, roles only from verified JWTs, roles and claims that do not outlive the request,
// injection through names, filters, orders, casts and bodies, exposed schemas, a paused project, the statement
// timeout.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Hono } from 'hono';
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { settingsThenStatement } from './batch.ts';
import { dataApiRoutes, PREPARED_PER_CONNECTION } from './routes.ts';
import { saveSettings, validateSettings } from './settings.ts';
import { startDataApiProject, type DataApiProject } from './testing.ts';

let p: DataApiProject;
const alice = randomUUID();
const bob = randomUUID();
let aliceToken = '';
let bobToken = '';

beforeAll(async () => {
  p = await startDataApiProject('Data API security');
  await p.sql(`
    create table public.notes (id serial primary key, owner uuid not null, body text not null);
    alter table public.notes enable row level security;
    create policy "own notes" on public.notes for all to authenticated
      using (owner = (current_setting('request.jwt.claims', true)::json->>'sub')::uuid)
      with check (owner = (current_setting('request.jwt.claims', true)::json->>'sub')::uuid);
    insert into public.notes (owner, body) values ('${alice}', 'alice 1'), ('${alice}', 'alice 2'), ('${bob}', 'bob 1');
    create table public.staff_only (id int primary key, secret text);
    revoke all on public.staff_only from anon, authenticated;
    insert into public.staff_only values (1, 'payroll');
    create table public.victims (id int primary key, name text);
    insert into public.victims values (1, 'still here'), (2, 'me too');
    revoke insert, update, delete on public.victims from anon; -- the fuzzer's DELETEs (as anon) must not change it
    create function public.whoami() returns json language sql stable
      as $$ select json_build_object('role', current_user, 'sub', current_setting('request.jwt.claims', true)::json->>'sub',
                                     'timeout', current_setting('statement_timeout')) $$;
    create function public.nap(seconds float) returns int language sql as $$ select 1 from pg_sleep(seconds) $$;
    create schema other;
    grant usage on schema other to anon, authenticated, service_role;
    create table other.things (id int primary key, label text);
    grant select on other.things to anon, authenticated, service_role;
    grant insert on other.things to service_role;
    insert into other.things values (1, 'elsewhere');
  `);
  aliceToken = await p.jwt({ role: 'authenticated', sub: alice, aud: 'authenticated' });
  bobToken = await p.jwt({ role: 'authenticated', sub: bob, aud: 'authenticated' });
}, 120_000);

afterAll(async () => p?.h.close());

const bodies = (data: { body: string }[] | null) => (data ?? []).map((row) => row.body).sort();

describe('row level security', () => {
  it('shows anon nothing, each user their own rows, and service_role everything', async () => {
    expect((await p.client(p.keys.anon).from('notes').select('body')).data).toEqual([]);
    expect(bodies((await p.client(p.keys.anon, aliceToken).from('notes').select('body')).data)).toEqual(['alice 1', 'alice 2']);
    expect(bodies((await p.client(p.keys.anon, bobToken).from('notes').select('body')).data)).toEqual(['bob 1']);
    expect(bodies((await p.client(p.keys.service_role).from('notes').select('body')).data)).toEqual(['alice 1', 'alice 2', 'bob 1']);
  });

  it('runs as the JWT’s role with its claims, and the statement timeout, visible to SQL', async () => {
    const who = await p.client(p.keys.anon, aliceToken).rpc('whoami');
    expect(who.data).toEqual({ role: 'authenticated', sub: alice, timeout: '8s' });
    expect((await p.client(p.keys.anon).rpc('whoami')).data).toMatchObject({ role: 'anon', sub: null });
    expect((await p.client(p.keys.service_role).rpc('whoami')).data).toMatchObject({ role: 'service_role' });
  });

  it('keeps a user from writing another user’s rows', async () => {
    const bobClient = p.client(p.keys.anon, bobToken);
    const update = await bobClient.from('notes').update({ body: 'hacked' }).eq('body', 'alice 1').select();
    expect(update.data).toEqual([]);
    const remove = await bobClient.from('notes').delete().eq('body', 'alice 2').select();
    expect(remove.data).toEqual([]);
    const forged = await bobClient.from('notes').insert({ owner: alice, body: 'forged' });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501' });
    const anonInsert = await p.client(p.keys.anon).from('notes').insert({ owner: alice, body: 'anon' });
    expect(anonInsert.status).toBe(401);
    expect(bodies((await p.client(p.keys.service_role).from('notes').select('body')).data)).toEqual(['alice 1', 'alice 2', 'bob 1']);
  });

  it('answers missing privileges with 401 for anon and 403 for a user; service_role reads', async () => {
    const anonRead = await p.client(p.keys.anon).from('staff_only').select();
    expect(anonRead.status).toBe(401);
    expect(anonRead.error).toMatchObject({ code: '42501' });
    expect((await p.client(p.keys.anon, aliceToken).from('staff_only').select()).status).toBe(403);
    expect((await p.client(p.keys.service_role).from('staff_only').select('secret')).data).toEqual([{ secret: 'payroll' }]);
  });

  it('leaves the pooled connection as it was: role, claims and transaction end with the request, failed or not', async () => {
    const pool = await p.h.services.pools.get(p.ref);
    const requests = [
      () => p.client(p.keys.anon, aliceToken).from('notes').select(), // a read: its statement pipelined with COMMIT
      () => p.client(p.keys.anon, aliceToken).from('notes').select().eq('id', 'not a number'), // a failing read
      () => p.client(p.keys.anon, aliceToken).from('notes').insert({ owner: bob, body: 'x' }), // a refused write
      () => p.client(p.keys.anon, aliceToken).rpc('whoami', {}, { get: true }),
    ];
    for (const request of requests) {
      await request();
      // pg-pool hands out the connection released last: the one the request used.
      // now() is the transaction's start: equal to the statement's own only when no transaction was left open.
      const { rows } = await pool.query<{ role: string; claims: string | null; fresh: boolean; timeout: string }>(
        `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims,
                now() = statement_timestamp() as fresh, current_setting('statement_timeout') as timeout`,
      );
      expect(rows[0]!.role).not.toMatch(/^(anon|authenticated|service_role)$/);
      expect(rows[0]!.claims).toBeNull();
      expect(rows[0]!.fresh).toBe(true);
      expect(rows[0]!.timeout).not.toBe('8s');
    }
  });
});

describe('how a request’s statements are sent (one write, prepared reads)', () => {
  /** The pool's next connection (pg-pool hands out the one released last): its role, claims and transaction. */
  const expectCleanConnection = async () => {
    const pool = await p.h.services.pools.get(p.ref);
    // now() is the transaction's start: equal to the statement's own only when no transaction was left open.
    const { rows } = await pool.query<{ role: string; claims: string | null; fresh: boolean; timeout: string; path: string }>(
      `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims,
              now() = statement_timestamp() as fresh, current_setting('statement_timeout') as timeout,
              current_setting('search_path') as path`,
    );
    expect(rows[0]!.role).not.toMatch(/^(anon|authenticated|service_role)$/);
    expect(rows[0]!.claims).toBeNull();
    expect(rows[0]!.fresh).toBe(true);
    expect(rows[0]!.timeout).not.toBe('8s');
  };
  const preparedOf = async (like: string) => {
    const pool = await p.h.services.pools.get(p.ref);
    const { rows } = await pool.query<{ name: string; runs: number }>(
      `select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'pgrst\\_%' and statement like $1`,
      [like],
    );
    return rows;
  };

  it('sends BEGIN, the settings, a read and COMMIT in one write to Postgres', async () => {
    const pool = await p.h.services.pools.get(p.ref);
    const read = () => p.raw('/notes?select=id', { key: p.keys.service_role });
    expect((await read()).status).toBe(200);
    const counts: number[] = [];
    // The least of three: a schema cache read (every few seconds) may take the connection in between.
    for (let attempt = 0; attempt < 3; attempt++) {
      const client = await pool.connect();
      const stream = (client as unknown as { connection: { stream: { _write: () => void; _writev: () => void } } }).connection.stream;
      client.release();
      const write = vi.spyOn(stream, '_write');
      const writev = vi.spyOn(stream, '_writev');
      try {
        expect((await read()).status).toBe(200);
        counts.push(write.mock.calls.length + writev.mock.calls.length);
      } finally {
        write.mockRestore();
        writev.mockRestore();
      }
    }
    expect(Math.min(...counts)).toBe(1);
    await expectCleanConnection();
  });

  it('keeps each caller’s rows through one prepared read per role, alternating users on one connection past the plan cache’s custom plans', async () => {
    for (let round = 0; round < 8; round++) {
      expect(bodies((await p.client(p.keys.anon, aliceToken).from('notes').select('body')).data)).toEqual(['alice 1', 'alice 2']);
      expect(bodies((await p.client(p.keys.anon, bobToken).from('notes').select('body')).data)).toEqual(['bob 1']);
      expect((await p.client(p.keys.anon).from('notes').select('body')).data).toEqual([]);
      expect(bodies((await p.client(p.keys.service_role).from('notes').select('body')).data)).toEqual(['alice 1', 'alice 2', 'bob 1']);
    }
    // One statement per role (alice and bob share the authenticated one and its plan), each run every round.
    const kept = await preparedOf('%(select pgrst_t.body as body from public.notes as pgrst_t limit %');
    expect(kept).toHaveLength(3);
    const runs = kept.map((k) => k.runs).sort((a, b) => a - b);
    expect(runs[0]).toBeGreaterThanOrEqual(8);
    expect(runs[1]).toBeGreaterThanOrEqual(8);
    expect(runs[2]).toBeGreaterThanOrEqual(16);
    await expectCleanConnection();
  });

  it('fails a prepared read as it would fail unprepared, rolls it back and serves the next one on the same connection', async () => {
    const client = p.client(p.keys.service_role);
    for (let i = 0; i < 6; i++) expect((await client.from('notes').select('body').eq('id', 3)).data).toEqual([{ body: 'bob 1' }]);
    const bad = await client.from('notes').select('body').eq('id', 'not a number');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '22P02' });
    await expectCleanConnection();
    expect((await client.from('notes').select('body').eq('id', 3)).data).toEqual([{ body: 'bob 1' }]);
    // A write that fails on its second row leaves none of them, and the connection goes on.
    const duplicate = await client.from('victims').insert([{ id: 7, name: 'new' }, { id: 1, name: 'taken' }]);
    expect(duplicate.status).toBe(409);
    await expectCleanConnection();
    expect((await client.from('victims').select('id').eq('id', 7)).data).toEqual([]);
  });

  it('reads a table changed under a prepared read anew: a renamed column fails, a recreated table is read, not a stale plan', async () => {
    await p.sql(`create table public.shelf (id int primary key, label text); insert into public.shelf values (1, 'one');`);
    const read = async () => {
      const response = await p.raw('/shelf?select=id,label&id=eq.1', { key: p.keys.anon });
      return { status: response.status, body: await response.json() };
    };
    for (let i = 0; i < 6; i++) expect(await read()).toEqual({ status: 200, body: [{ id: 1, label: 'one' }] });
    expect(await preparedOf('%shelf%')).not.toHaveLength(0);
    await p.sql(`alter table public.shelf rename column label to name`);
    const stale = await read();
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('42703');
    await p.sql(`drop table public.shelf; create table public.shelf (id int primary key, label int); insert into public.shelf values (1, 42);`);
    expect(await read()).toEqual({ status: 200, body: [{ id: 1, label: 42 }] });
    await expectCleanConnection();
  });

  it('cuts a prepared read at the statement timeout, and serves the next request', async () => {
    await p.sql(`create view public.sleepy as select 1 as id, (select true from pg_sleep(0.6)) as slept;`);
    await new Promise((resolve) => setTimeout(resolve, 150)); // a catalog read after a miss waits 100 ms for the next (schema.ts)
    // Prepared under the default timeout (8 s): the statement is the same whatever the timeout.
    for (let i = 0; i < 2; i++) expect((await p.raw('/sleepy?select=id', { key: p.keys.service_role })).status).toBe(200);
    const app = new Hono();
    app.route('/', dataApiRoutes({ services: async () => p.h.services, publicHost: p.h.publicHost, options: { statementTimeoutMs: 300 } }));
    const get = (path: string) => app.request(`http://${p.h.publicHost}/p/${p.ref}/rest/v1${path}`, { headers: { apikey: p.keys.service_role } });
    const started = Date.now();
    const slow = await get('/sleepy?select=id');
    expect(Date.now() - started).toBeLessThan(550);
    expect(slow.status).toBe(500);
    expect((await slow.json()).code).toBe('57014');
    await expectCleanConnection();
    expect((await get('/notes?select=id&id=eq.3')).status).toBe(200);
  });

  it('replaces a connection whose prepared statements database code dropped (DEALLOCATE in a function)', async () => {
    await p.sql(`create function public.forget() returns int language plpgsql as $$ begin execute 'deallocate all'; return 1; end $$;`);
    const client = p.client(p.keys.service_role);
    for (let i = 0; i < 2; i++) expect((await client.from('notes').select('body').eq('id', 3)).data).toEqual([{ body: 'bob 1' }]);
    expect((await client.rpc('forget')).data).toBe(1);
    // The next read on that connection may find its statement gone (26000): the connection is closed, not reused.
    const first = await client.from('notes').select('body').eq('id', 3);
    if (first.error) expect(first.error).toMatchObject({ code: '26000' });
    for (let i = 0; i < 3; i++) expect((await client.from('notes').select('body').eq('id', 3)).data).toEqual([{ body: 'bob 1' }]);
  });

  it('answers a read in one round trip: its settings and statement in one implicit transaction, left behind with it', async () => {
    await p.sql(`create function public.scribble() returns int language sql volatile
                   as $$ insert into public.victims values (99, 'get') returning id $$;`);
    const pool = await p.h.services.pools.get(p.ref);
    const whoami = () => p.client(p.keys.anon, aliceToken).rpc('whoami', {}, { get: true });
    expect((await whoami()).data).toEqual({ role: 'authenticated', sub: alice, timeout: '8s' });
    // Every connection of the pool is watched: a request may take any idle one (the full suite saw it take another).
    type Watched = { connection: { emit: (event: string, ...args: unknown[]) => boolean } };
    const connections = (pool as unknown as { _clients: Watched[] })._clients.map((client) => client.connection);
    expect(connections.length).toBeGreaterThan(0);
    const emits = connections.map((connection) => vi.spyOn(connection, 'emit'));
    const answers = () => emits.flatMap((emit) => emit.mock.calls).filter(([event]) => event === 'readyForQuery').length;
    try {
      // The claims, role and timeout are the request's inside the statement (the same transaction as the settings)…
      expect((await whoami()).data).toEqual({ role: 'authenticated', sub: alice, timeout: '8s' });
      expect((await p.raw('/notes?select=body&id=eq.1', { key: p.keys.anon, headers: { authorization: `Bearer ${aliceToken}` } })).status).toBe(200);
      // …and each read was one answer of Postgres (one ReadyForQuery), not four.
      expect(answers()).toBe(2);
    } finally {
      for (const emit of emits) emit.mockRestore();
    }
    // …and gone after it, read-only mode included.
    await expectCleanConnection();
    const { rows } = await pool.query<{ readOnly: string }>(`select current_setting('transaction_read_only') as "readOnly"`);
    expect(rows[0]!.readOnly).toBe('off');
    // Read-only all the same: a GET call of a function that writes is refused, and wrote nothing.
    const write = await p.client(p.keys.service_role).rpc('scribble', {}, { get: true });
    expect(write.error, JSON.stringify(write.error)).toMatchObject({ code: '25006' });
    expect((await p.client(p.keys.service_role).from('victims').select('id').eq('id', 99)).data).toEqual([]);
    await expectCleanConnection();
  });

  it('runs no statement of a batch whose settings fail, and parses its statement again on the next one', async () => {
    const pool = await p.h.services.pools.get(p.ref);
    const client = await pool.connect();
    const connection = (client as unknown as { connection: { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> } }).connection;
    const settings = (role: string) => ({ text: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, values: [role, '{"sub":"x"}'] });
    const statement = { name: 'pgrst_batch_test', text: `select current_user::text as who, current_setting('request.jwt.claims', true) as claims, $1::int as n`, values: [7] };
    try {
      await expect(settingsThenStatement(client, settings('no_such_role'), statement)).rejects.toMatchObject({ code: '22023' });
      expect(connection.parsedStatements.pgrst_batch_test).toBeUndefined();
      expect(connection.submittedNamedStatements.pgrst_batch_test).toBeUndefined();
      const ran = await settingsThenStatement(client, settings('anon'), statement);
      expect(ran.rows).toEqual([{ who: 'anon', claims: '{"sub":"x"}', n: 7 }]);
      expect(connection.parsedStatements.pgrst_batch_test).toBe(statement.text);
      // Prepared now: the next batch binds it without a Parse, and the settings ended with the implicit transaction.
      expect((await settingsThenStatement(client, settings('service_role'), statement)).rows).toEqual([{ who: 'service_role', claims: '{"sub":"x"}', n: 7 }]);
      const { rows } = await client.query(`select current_user::text as who, nullif(current_setting('request.jwt.claims', true), '') as claims, now() = statement_timestamp() as fresh`);
      expect(rows[0]).toMatchObject({ claims: null, fresh: true });
      expect(rows[0]!.who).not.toMatch(/^(anon|authenticated|service_role)$/);
    } finally {
      client.release(true); // closed: the next tests count the prepared statements of the pool's connections
    }
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} prepared statements per connection, and serves the reads past them`, async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 8; i++) {
      const response = await p.raw(`/notes?select=n${i}:id&id=eq.3`, { key: p.keys.service_role });
      expect(response.status, String(i)).toBe(200);
      expect(await response.json()).toEqual([{ [`n${i}`]: 3 }]);
    }
    const pool = await p.h.services.pools.get(p.ref);
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'pgrst\\_%'`);
    expect(rows[0]!.n).toBe(PREPARED_PER_CONNECTION);
    await expectCleanConnection();
  });
});

describe('keys and tokens', () => {
  const status = async (headers: Record<string, string>) => (await p.raw('/notes', { headers })).status;

  it('refuses a missing key, a forged key, another signer, an expired token and roles it does not serve', async () => {
    expect(await status({})).toBe(401);
    const [head, , signature] = p.keys.anon.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ role: 'service_role', ref: p.ref, iss: 'strata' })).toString('base64url');
    expect(await status({ apikey: `${head}.${forgedBody}.${signature}` })).toBe(401);
    const { SignJWT } = await import('jose');
    const stranger = await new SignJWT({ role: 'service_role', ref: p.ref }).setProtectedHeader({ alg: 'HS256' }).setIssuer('strata')
      .sign(new TextEncoder().encode('not the project secret at all, not at all'));
    expect(await status({ apikey: stranger })).toBe(401);
    expect(await status({ apikey: p.keys.anon, authorization: `Bearer ${stranger}` })).toBe(401);
    const expired = await p.jwt({ role: 'authenticated', sub: alice }, { expiresIn: '-1m' });
    const response = await p.raw('/notes', { headers: { apikey: p.keys.anon, authorization: `Bearer ${expired}` } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('PGRST303');
    // A token of the project's secret may not name a role the API does not serve (the owner, a superuser).
    for (const role of ['postgres', `strata_${p.ref}_owner`, 'pg_read_server_files', '']) {
      const token = await p.jwt({ role, sub: alice });
      expect(await status({ apikey: p.keys.anon, authorization: `Bearer ${token}` }), role).toBe(401);
    }
    // A user's token alone is not a key of the project.
    expect(await status({ authorization: `Bearer ${aliceToken}` })).toBe(401);
  });
});

describe('injection', () => {
  const intact = async () => {
    const { data } = await p.client(p.keys.service_role).from('victims').select('id, name').order('id');
    expect(data).toEqual([{ id: 1, name: 'still here' }, { id: 2, name: 'me too' }]);
  };

  it('quotes or refuses attacks in column names, filters, orders, casts, JSON paths, bodies and headers', async () => {
    const service = p.keys.service_role;
    const attacks: [string, RequestInit?][] = [
      ['/victims?select=id,"name; drop table public.victims; --"'],
      ['/victims?select=id,name::text);drop table public.victims;--'],
      ['/victims?select=name->>\'x\'); drop table public.victims; --'],
      ['/victims?id=eq.1;drop table public.victims'],
      ['/victims?id=eq.1%27%3B%20drop%20table%20public.victims%3B--'],
      ['/victims?or=(id.eq.1)%3Bdrop%20table%20public.victims'],
      ['/victims?order=id;drop table public.victims'],
      ['/victims?order=id.desc%20nulls%20first%3Bdrop'],
      ['/victims?name%22%3B%20drop%20table%20public.victims%3B--=eq.1'],
      ['/victims?limit=1;drop table public.victims'],
      ['/victims?name=fts(english%27);drop table public.victims;--).x'],
      ['/victims?columns=id,name);drop table public.victims;--', { method: 'POST', body: '{"id":3}', headers: { 'content-type': 'application/json' } }],
      ['/victims?on_conflict=id);drop table public.victims;--', { method: 'POST', body: '{"id":1}', headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' } }],
      ['/victims?id=eq.1', { method: 'PATCH', body: '{"name = null; drop table public.victims; --": 1}', headers: { 'content-type': 'application/json' } }],
      ['/victims', { headers: { 'accept-profile': 'public; drop table public.victims' } }],
      ['/rpc/whoami();drop table public.victims;--', { method: 'POST' }],
    ];
    for (const [path, init] of attacks) {
      const response = await p.raw(path, { key: service, ...init });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const body = await response.json();
      expect(Object.keys(body).sort(), path).toEqual(['code', 'details', 'hint', 'message']);
    }
    await intact();
  });

  it('treats hostile values as values: they match nothing and break nothing', async () => {
    const client = p.client(p.keys.service_role);
    for (const value of ["x'; drop table public.victims; --", 'x") or 1=1; --', '$1', '\\', '%']) {
      const { data, error } = await client.from('victims').select('id').eq('name', value);
      expect(error, value).toBeNull();
      expect(data, value).toEqual([]);
    }
    const listed = await p.raw("/victims?name=in.(a'),b);drop table public.victims;--)", { key: p.keys.service_role });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    const inserted = await client.from('victims').insert({ id: 3, name: "'); drop table public.victims; --" }).select('name').single();
    expect(inserted.data).toEqual({ name: "'); drop table public.victims; --" });
    await client.from('victims').delete().eq('id', 3);
    await intact();
  });
});

describe('fuzzing', () => {
  it('answers any query string with a 2xx or a 4xx in PostgREST’s shape, never a 5xx', async () => {
    const token = fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'id', 'name', 'victims.id', 'name->>a', 'columns', 'on_conflict');
    const piece = fc.oneof(
      fc.constantFrom('eq.', 'not.', 'in.(', ')', '(', ',', '"', '*', '::', 'id', 'name', 'asc', 'desc', 'nullsfirst', 'fts(english).', 'is.null', 'victims(', '!inner', '->', '->>', '.', ':', '{', '}', "'", ';', '--', '%'),
      fc.string({ maxLength: 4 }),
    );
    const value = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(token, value), { minLength: 1, maxLength: 3 }), fc.constantFrom('GET', 'HEAD', 'DELETE'), async (pairs, method) => {
        const params = new URLSearchParams();
        for (const [name, v] of pairs) params.append(name, v);
        const response = await p.raw(`/victims?${params}`, { key: p.keys.anon, method });
        expect(response.status, `${method} ${params}`).toBeLessThan(500);
        if (response.status >= 400 && method !== 'HEAD') {
          expect(Object.keys(await response.json()).sort(), `${method} ${params}`).toEqual(['code', 'details', 'hint', 'message']);
        }
      }),
      { numRuns: 300 },
    );
    const { data } = await p.client(p.keys.service_role).from('victims').select('id').order('id');
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
  }, 60_000);
});

describe('exposed schemas', () => {
  it('serves only the exposed schemas, the default first, chosen with Accept-Profile/Content-Profile', async () => {
    const otherClient = p.client(p.keys.anon, undefined, 'other');
    const refused = await otherClient.from('things').select();
    expect(refused.status).toBe(406);
    expect(refused.error).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public' });
    expect((await p.raw('/things', { key: p.keys.anon })).status).toBe(404);
    const { rows } = await p.h.services.pool.query<{ id: number }>('select id from projects where ref = $1', [p.ref]);
    await saveSettings(p.h.services.pool, rows[0]!.id, { db_schema: 'public, other' });
    await p.settle();
    try {
      expect((await otherClient.from('things').select('label')).data).toEqual([{ label: 'elsewhere' }]);
      // Writes name the schema with Content-Profile.
      const written = await p.client(p.keys.service_role, undefined, 'other').from('things').insert({ id: 2, label: 'written' }).select('label').single();
      expect(written.data).toEqual({ label: 'written' });
      const wrongProfile = await p.raw('/things', {
        key: p.keys.service_role, method: 'POST', body: '{"id":3}', headers: { 'content-type': 'application/json', 'content-profile': 'pg_catalog' },
      });
      expect(wrongProfile.status).toBe(406);
      const doc = await (await p.raw('/', { key: p.keys.anon, headers: { 'accept-profile': 'other' } })).json();
      expect(Object.keys(doc.paths)).toEqual(['/', '/things']);
    } finally {
      await saveSettings(p.h.services.pool, rows[0]!.id, { db_schema: ['public'] });
      await p.settle();
    }
  });

  it('never exposes the catalog or the platform’s schemas', () => {
    for (const schema of ['pg_catalog', 'information_schema', 'auth', 'storage']) {
      expect(() => validateSettings({ db_schema: `public,${schema}` }), schema).toThrow(/cannot be exposed/);
    }
    expect(() => validateSettings({ max_rows: 0 })).toThrow(/max_rows/);
  });
});

describe('limits and availability', () => {
  it('cancels a statement at the request’s timeout (500 57014), and the next request is served', async () => {
    const app = new Hono();
    app.route('/', dataApiRoutes({ services: async () => p.h.services, publicHost: p.h.publicHost, options: { statementTimeoutMs: 300 } }));
    const client = new PostgrestClient(`http://${p.h.publicHost}/p/${p.ref}/rest/v1`, {
      headers: { apikey: p.keys.service_role, Authorization: `Bearer ${p.keys.service_role}` },
      fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init as RequestInit)),
    });
    const started = Date.now();
    const slow = await client.rpc('nap', { seconds: 3 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(slow.status).toBe(500);
    expect(slow.error).toMatchObject({ code: '57014' });
    expect((await client.rpc('nap', { seconds: 0 })).data).toBe(1);
  });

  it('answers 503 while the project is paused', async () => {
    await p.h.services.pool.query(`update projects set status = 'INACTIVE' where ref = $1`, [p.ref]);
    await p.settle();
    try {
      // postgrest-js retries a 503 of a GET by default (a transient schema cache): not wanted here.
      const { status, error } = await p.client(p.keys.anon).from('notes').select().retry(false);
      expect(status).toBe(503);
      expect(error!.message).toMatch(/paused/);
      expect((await p.raw('/', { key: p.keys.anon })).status).toBe(503);
    } finally {
      await p.h.services.pool.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [p.ref]);
    }
    // A restore is served at once (a paused project's row is never kept).
    expect((await p.raw('/notes', { key: p.keys.anon })).status).toBe(200);
  });

  it('refuses a response over the size cap before it reaches the platform’s memory', async () => {
    const app = new Hono();
    app.route('/', dataApiRoutes({ services: async () => p.h.services, publicHost: p.h.publicHost, options: { maxResponseBytes: 2048 } }));
    const get = (path: string) =>
      app.request(`http://${p.h.publicHost}/p/${p.ref}/rest/v1${path}`, { headers: { apikey: p.keys.service_role } });
    await p.sql(`create table public.big (id int primary key, blob text); insert into public.big select g, repeat('x', 1000) from generate_series(1, 5) g`);
    const small = await get('/big?select=id');
    expect(small.status).toBe(200);
    expect(await small.json()).toHaveLength(5);
    const large = await get('/big');
    expect(large.status).toBe(400);
    const body = await large.json();
    expect(body.code).toBe('54000');
    expect(body.message).toMatch(/larger than/);
    const rpc = await app.request(`http://${p.h.publicHost}/p/${p.ref}/rest/v1/rpc/whoami`, { method: 'POST', headers: { apikey: p.keys.service_role } });
    expect(rpc.status).toBe(200);
  });

  it('refuses a body over the size limit with 413', async () => {
    const app = new Hono();
    app.route('/', dataApiRoutes({ services: async () => p.h.services, publicHost: p.h.publicHost, options: { maxBodyBytes: 1024 } }));
    const response = await app.request(`http://${p.h.publicHost}/p/${p.ref}/rest/v1/victims`, {
      method: 'POST',
      headers: { apikey: p.keys.service_role, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 9, name: 'x'.repeat(4096) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('PGRST413');
  });
});
