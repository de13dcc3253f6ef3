// Snippets, query history and cancel of the SQL editor (issue 7), on a real project database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let other: TestUser;
let ref: string;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  other = await h.user('dev@example.com');
  await h.call('GET', '/api/platform/profile', { token: other.token }); // creates the profile
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Acme' } });
  await h.services.pool.query(`insert into members select id, $2, 'developer' from organizations where slug = $1`, [
    org.body.slug,
    other.id,
  ]);
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'Shop', db_pass: 'correct horse battery', db_region: 'local' },
  });
  ref = created.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
}, 60_000);
afterAll(async () => h?.close());

const snippets = () => `/api/platform/projects/${ref}/snippets`;

describe('snippets', () => {
  it('creates, lists, searches, renames, favourites and deletes the caller’s own snippets', async () => {
    const created = await h.call('POST', snippets(), { token: owner.token, body: { name: 'Top customers', sql: 'select 1' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Top customers', sql: 'select 1', favorite: false });
    const second = await h.call('POST', snippets(), { token: owner.token, body: { name: '100% sure', sql: 'select 2' } });

    const renamed = await h.call('PATCH', `${snippets()}/${created.body.id}`, {
      token: owner.token,
      body: { name: 'Best customers', favorite: true },
    });
    expect(renamed.body).toMatchObject({ name: 'Best customers', sql: 'select 1', favorite: true });

    const all = await h.call('GET', snippets(), { token: owner.token });
    expect(all.body.map((s: { name: string }) => s.name)).toEqual(['Best customers', '100% sure']);
    // '%' is the user's character, not a wildcard.
    const search = await h.call('GET', `${snippets()}?search=${encodeURIComponent('0%')}`, { token: owner.token });
    expect(search.body.map((s: { id: string }) => s.id)).toEqual([second.body.id]);
    const favourites = await h.call('GET', `${snippets()}?favorite=true`, { token: owner.token });
    expect(favourites.body).toHaveLength(1);

    expect((await h.call('DELETE', `${snippets()}/${second.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await h.call('GET', `${snippets()}/${second.body.id}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps snippets private to their author and refuses bad input with a 4xx', async () => {
    const mine = await h.call('POST', snippets(), { token: owner.token, body: { name: 'Mine', sql: 'select 3' } });
    expect((await h.call('GET', `${snippets()}/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect((await h.call('PATCH', `${snippets()}/${mine.body.id}`, { token: other.token, body: { sql: 'x' } })).status).toBe(404);
    expect((await h.call('DELETE', `${snippets()}/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect((await h.call('GET', snippets(), { token: other.token })).body).toEqual([]);

    expect((await h.call('POST', snippets(), { token: owner.token, body: { name: '   ' } })).status).toBe(400);
    expect((await h.call('PATCH', `${snippets()}/${mine.body.id}`, { token: owner.token, body: {} })).status).toBe(400);
    expect((await h.call('GET', `${snippets()}/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await h.call('POST', snippets(), { token: owner.token, body: { name: 'nul', sql: 'a\u0000b' } })).status).toBe(400);
    expect((await h.call('GET', snippets(), { token: null })).status).toBe(401);
  });
});

const query = (body: Record<string, unknown>, token = owner.token) =>
  h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token, body });

describe('query history and cancel', () => {
  it('records successes, errors and cancelled runs with their duration and rows, searchable', async () => {
    expect((await query({ query: 'select generate_series(1, 3) as n', history: true })).body).toHaveLength(3);
    expect((await query({ query: 'select * from missing_table', history: true })).status).toBe(400);
    await query({ query: 'select 42 as not_recorded' });

    const runId = crypto.randomUUID();
    const running = query({ query: 'select pg_sleep(30)', run_id: runId, history: true });
    const until = Date.now() + 10_000;
    let cancelled = false;
    // The run is registered once its connection is taken; keep asking until the cancel lands.
    while (!cancelled && Date.now() < until) {
      const answer = await h.call('POST', `/api/platform/pg-meta/${ref}/query/cancel`, { token: owner.token, body: { run_id: runId } });
      if (answer.status !== 200) throw new Error(JSON.stringify(answer));
      cancelled = answer.body.cancelled;
      if (!cancelled) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(cancelled).toBe(true);
    const result = await running;
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/canceling statement due to user request/);

    const page = await h.call('GET', `/api/platform/projects/${ref}/sql-history`, { token: owner.token });
    expect(page.body.count).toBe(3);
    const history = { body: page.body.entries };
    expect(history.body.map((e: { status: string }) => e.status)).toEqual(['cancelled', 'error', 'success']);
    expect(history.body[2]).toMatchObject({ query: 'select generate_series(1, 3) as n', row_count: 3 });
    expect(history.body[1].error).toMatch(/missing_table/);
    expect(history.body.every((e: { duration_ms: number }) => e.duration_ms >= 0)).toBe(true);
    expect(history.body[0].duration_ms).toBeGreaterThan(0);

    const found = await h.call('GET', `/api/platform/projects/${ref}/sql-history?search=missing`, { token: owner.token });
    expect(found.body.entries).toHaveLength(1);
    expect((await h.call('GET', `/api/platform/projects/${ref}/sql-history?offset=1&limit=1`, { token: owner.token })).body).toMatchObject({
      count: 3,
      entries: [{ status: 'error' }],
    });
    expect((await h.call('GET', `/api/platform/projects/${ref}/sql-history?offset=9`, { token: owner.token })).body).toEqual({ entries: [], count: 3 });
    expect((await h.call('GET', `/api/platform/projects/${ref}/sql-history`, { token: other.token })).body).toEqual({ entries: [], count: 0 });
  }, 40_000);

  it('does not cancel another member’s run, nor a run that is not running', async () => {
    const runId = crypto.randomUUID();
    const running = query({ query: 'select pg_sleep(0.5)', run_id: runId });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const byOther = await h.call('POST', `/api/platform/pg-meta/${ref}/query/cancel`, { token: other.token, body: { run_id: runId } });
    expect(byOther.body.cancelled).toBe(false);
    expect((await running).status).toBe(200);
    const after = await h.call('POST', `/api/platform/pg-meta/${ref}/query/cancel`, { token: owner.token, body: { run_id: runId } });
    expect(after.body.cancelled).toBe(false);
    expect((await h.call('POST', `/api/platform/pg-meta/${ref}/query/cancel`, { token: owner.token, body: { run_id: 'x' } })).status).toBe(400);
  });
});
