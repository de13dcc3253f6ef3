// The role picker's user search (spec B2.7, issue 14) on a real project database: the console's own search
// (src/actors/project-users-search.ts) sent through the query endpoint, its ky client answered by the app in-process.
// It finds users by part of the email whatever the case, takes `%` and `_` literally, finds a user by id, lists the
// newest users when nothing is typed, and answers [] for a project without the auth schema.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { setAccessTokenGetter } from '../../src/api/client.ts';
import { searchProjectUsers } from '../../src/actors/project-users-search.ts';
import { PROJECT_USERS_SEARCH_LIMIT } from '../../src/domain/project-users.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const ALICE = '11111111-1111-4111-8111-111111111111';
const PERCENT = '22222222-2222-4222-8222-222222222222';
const UNDERSCORE = '33333333-3333-4333-8333-333333333333';
const GONE = '44444444-4444-4444-8444-444444444444';

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  ref = await h.activeProject(owner);
  // The console's client, answered by the app in-process with the owner's session.
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => Promise.resolve(h.app.request(input instanceof URL ? input.href : input, init)));
  setAccessTokenGetter(async () => owner.token);
  // Plenty of users, created a minute apart (the filler ones oldest); the named ones newest, Alice last.
  const setup = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
    token: owner.token,
    body: {
      query: `
        insert into auth.users (email, created_at)
          select format('filler%s@example.com', n), now() - interval '1 day' + n * interval '1 minute' from generate_series(1, 30) n;
        insert into auth.users (id, email, created_at, last_sign_in_at) values
          ('${UNDERSCORE}', 'under_score@example.com', now() - interval '3 minutes', null),
          ('${PERCENT}', '100%sure@example.com', now() - interval '2 minutes', null),
          ('${ALICE}', 'Alice.Liddell@Wonderland.example', now() - interval '1 minute', now());
        insert into auth.users (id, email, deleted_at) values ('${GONE}', 'gone.alice@example.com', now());`,
    },
  });
  expect(setup.status).toBe(200);
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await h?.close();
});

const emails = (users: Array<{ email: string | null }>) => users.map((user) => user.email);

describe('searching the project users to impersonate', () => {
  it('finds users by any part of the email, whatever its case, and leaves deleted users out', async () => {
    const found = await searchProjectUsers(ref, '  lIDDell@wonder ');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: ALICE, email: 'Alice.Liddell@Wonderland.example', phone: null });
    expect(Date.parse(found[0]!.created_at)).not.toBeNaN();
    expect(found[0]!.last_sign_in_at).not.toBeNull();
    expect(emails(await searchProjectUsers(ref, 'alice'))).toEqual(['Alice.Liddell@Wonderland.example']);
    expect(await searchProjectUsers(ref, 'nobody-here')).toEqual([]);
  });

  it('takes % and _ as the characters typed, not as wildcards', async () => {
    expect(emails(await searchProjectUsers(ref, '%'))).toEqual(['100%sure@example.com']);
    expect(emails(await searchProjectUsers(ref, '0%s'))).toEqual(['100%sure@example.com']);
    expect(emails(await searchProjectUsers(ref, '_'))).toEqual(['under_score@example.com']);
    expect(emails(await searchProjectUsers(ref, 'r_s'))).toEqual(['under_score@example.com']);
    expect(await searchProjectUsers(ref, "'; drop table auth.users; --")).toEqual([]);
  });

  it('finds a user by its id, in any case', async () => {
    expect(emails(await searchProjectUsers(ref, PERCENT))).toEqual(['100%sure@example.com']);
    expect(emails(await searchProjectUsers(ref, ` ${ALICE.toUpperCase()} `))).toEqual(['Alice.Liddell@Wonderland.example']);
    expect(await searchProjectUsers(ref, GONE)).toEqual([]);
  });

  it('lists at most 20 users by email, and the newest first when nothing is typed', async () => {
    const matching = emails(await searchProjectUsers(ref, '@example.com'));
    expect(matching).toHaveLength(PROJECT_USERS_SEARCH_LIMIT);
    expect(matching).toEqual([...matching].sort());
    expect(matching[0]).toBe('100%sure@example.com');
    const newest = emails(await searchProjectUsers(ref, ''));
    expect(newest).toHaveLength(PROJECT_USERS_SEARCH_LIMIT);
    expect(newest.slice(0, 5)).toEqual([
      'Alice.Liddell@Wonderland.example',
      '100%sure@example.com',
      'under_score@example.com',
      'filler30@example.com',
      'filler29@example.com',
    ]);
  });

  it('answers no users, not an error, for a project without the auth schema', async () => {
    const dropped = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query: 'drop schema auth cascade' } });
    expect(dropped.status).toBe(200);
    expect(await searchProjectUsers(ref, '')).toEqual([]);
    expect(await searchProjectUsers(ref, 'alice')).toEqual([]);
    expect(await searchProjectUsers(ref, ALICE)).toEqual([]);
    // Other failures are still failures.
    await expect(searchProjectUsers('nosuchproject', 'alice')).rejects.toMatchObject({ status: 404 });
  });
});
