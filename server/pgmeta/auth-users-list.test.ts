// Authentication → Users (issue 18) on a real project database: the console's own page reads
// (src/actors/auth-users.ts) sent through the query endpoint, its ky client answered by the app in-process.
// Keyset paging walks every user exactly once in every sort (ties in the sort column, null last sign-ins and null
// emails included); the search takes `%` and `_` literally and matches email and id; the detail reads identities,
// factors and sessions; and with 100,000 users every sort pages to a deep page (its timings are printed, not asserted).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { setAccessTokenGetter } from '../../src/api/client.ts';
import { fetchAuthUserDetail, fetchAuthUsersPage } from '../../src/actors/auth-users.ts';
import {
  AUTH_USER_SORT_COLUMNS,
  AUTH_USERS_PAGE_SIZE,
  authUsersPageQuery,
  type AuthUserRow,
  type AuthUserSort,
  type AuthUsersCursor,
} from '../../src/domain/auth-users.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const sql = async (query: string) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Array<Record<string, unknown>>;
};

const ADA = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  ref = await h.activeProject(owner);
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => Promise.resolve(h.app.request(input instanceof URL ? input.href : input, init)));
  setAccessTokenGetter(async () => owner.token);
  // 130 users over 7 timestamps (ties), every third never signed in, a few without an email, one soft-deleted.
  await sql(`
    insert into auth.users (email, created_at, last_sign_in_at)
      select case when n % 40 = 0 then null else format('user%s@example.com', n) end,
             timestamptz '2026-01-01' + (n % 7) * interval '1 hour',
             case when n % 3 = 0 then null else timestamptz '2026-02-01' + (n % 5) * interval '1 minute' end
        from generate_series(1, 130) n;
    insert into auth.users (id, email, created_at, raw_user_meta_data) values ('${ADA}', 'ada_100%@example.com', now(), '{"name":"Ada"}');
    insert into auth.users (email, deleted_at) values ('gone@example.com', now());
    insert into auth.sessions (user_id) values ('${ADA}');`);
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await h?.close();
});

async function walk(sort: AuthUserSort, search = ''): Promise<AuthUserRow[]> {
  const rows: AuthUserRow[] = [];
  let after: AuthUsersCursor | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await fetchAuthUsersPage(ref, { search, sort, after });
    expect(page.users.length).toBeLessThanOrEqual(AUTH_USERS_PAGE_SIZE);
    rows.push(...page.users);
    if (!page.next) return rows;
    after = page.next;
  }
  throw new Error('too many pages');
}

const compare = (sort: AuthUserSort) => (a: AuthUserRow, b: AuthUserRow) => {
  const key = (row: AuthUserRow) => {
    if (sort.column === 'email') return row.email ?? '';
    const value = row[sort.column];
    return value === null ? -Infinity : Date.parse(value);
  };
  const [x, y] = [key(a), key(b)];
  const byKey = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sort.direction === 'asc' ? byKey : -byKey;
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows read from auth.users by every scan of it in an EXPLAIN ANALYZE plan. */
function usersRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'users' ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + usersRowsRead(child), 0);
}

describe('the Users list on Postgres', () => {
  it('walks every user exactly once, in order, in every sort and direction', async () => {
    for (const column of AUTH_USER_SORT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = { column, direction };
        const rows = await walk(sort);
        expect(rows).toHaveLength(131);
        expect(new Set(rows.map((row) => row.id)).size).toBe(131);
        expect(rows.map((row) => row.id)).toEqual([...rows].sort(compare(sort)).map((row) => row.id));
      }
    }
  }, 60_000);

  it('searches email and id, case-insensitive, with % and _ taken literally', async () => {
    const sort: AuthUserSort = { column: 'created_at', direction: 'desc' };
    expect((await walk(sort, ' ADA_100% ')).map((row) => row.id)).toEqual([ADA]);
    expect((await walk(sort, 'a_a')).map((row) => row.id)).toEqual([]);
    expect((await walk(sort, '1111-4111')).map((row) => row.id)).toEqual([ADA]);
    expect((await walk(sort, 'user1')).length).toBe(41); // user1, user10–19, user100–130 minus user120 (no email)
    expect(await walk(sort, 'gone@')).toEqual([]);
  });

  it('reads a user with identities, sessions and metadata', async () => {
    const detail = await fetchAuthUserDetail(ref, ADA);
    expect(detail).toMatchObject({ id: ADA, email: 'ada_100%@example.com', raw_user_meta_data: { name: 'Ada' }, factors: [] });
    expect(detail.identities).toEqual([expect.objectContaining({ provider: 'email', email: 'ada_100%@example.com' })]);
    expect(detail.sessions).toHaveLength(1);
  });

  it('with 100,000 users, every sort pages through the list, deep pages included (timings reported)', async () => {
    await sql(`insert into auth.users (email, created_at, last_sign_in_at)
      select format('bulk%s@example.com', n), timestamptz '2025-01-01' + n * interval '1 second',
             case when n % 2 = 0 then timestamptz '2025-06-01' + n * interval '1 second' end
        from generate_series(1, 100000) n; analyze auth.users;`);
    const timings: Record<string, number[]> = {};
    const rowsRead: Record<string, number> = {};
    for (const column of AUTH_USER_SORT_COLUMNS) {
      const sort: AuthUserSort = { column, direction: 'desc' };
      const first = await fetchAuthUsersPage(ref, { search: '', sort, after: null });
      // A cursor half-way down: the 50,000th row's key.
      const [middle] = await sql(`select (${column === 'email' ? "coalesce(email, '')" : column === 'created_at' ? 'created_at' : "coalesce(last_sign_in_at, '-infinity'::timestamptz)"})::text as key, id::text
        from auth.users where deleted_at is null order by 1 desc, 2 desc offset 50000 limit 1`);
      const times: number[] = [];
      for (const after of [null, first.next, { key: String(middle!.key), id: String(middle!.id) }]) {
        const started = performance.now();
        const page = await fetchAuthUsersPage(ref, { search: '', sort, after });
        times.push(Math.round(performance.now() - started));
        expect(page.users).toHaveLength(AUTH_USERS_PAGE_SIZE);
      }
      for (const search of ['bulk9999', '9999']) {
        const started = performance.now();
        await fetchAuthUsersPage(ref, { search, sort, after: null });
        times.push(Math.round(performance.now() - started));
      }
      // The database's own time for the first page (the rest is the in-process HTTP round trip).
      const { query, parameters } = authUsersPageQuery({ search: '', sort, after: null });
      const explained = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
        token: owner.token,
        body: { query: `explain (analyze, format json) ${query}`, parameters },
      });
      times.push(Math.round((explained.body as Array<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>)[0]!['QUERY PLAN'][0]!['Execution Time']));
      timings[column] = times;
      // The plan of a page half-way down, in both directions: the users it reads (EXPLAIN ANALYZE's actual rows of
      // every scan of auth.users). Without an index on the sort's (key, id) this is all 100,000.
      for (const direction of ['desc', 'asc'] as const) {
        const deep = authUsersPageQuery({ search: '', sort: { column, direction }, after: { key: String(middle!.key), id: String(middle!.id) } });
        const plan = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
          token: owner.token,
          body: { query: `explain (analyze, format json) ${deep.query}`, parameters: deep.parameters },
        });
        expect(plan.status).toBe(200);
        rowsRead[`${column} ${direction}`] = usersRowsRead((plan.body as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>)[0]!['QUERY PLAN'][0]!.Plan);
      }
    }
    expect(rowsRead).toEqual(Object.fromEntries(Object.keys(rowsRead).map((key) => [key, AUTH_USERS_PAGE_SIZE + 1])));
    // [first page, second page, a page at row 50,000, a search by email, a search that could be a phone, the first
    // page's execution time] in ms.
    // Reported, not asserted: wall-clock figures belong to benchmarks (the full suite on a loaded machine failed this
    // 2 s bound). What is asserted is the plan: every sort reads only its page's rows, at any depth.
    console.log('auth users list timings (ms) at 100k users', JSON.stringify(timings));
  }, 180_000);
});
