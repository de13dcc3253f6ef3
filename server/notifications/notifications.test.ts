// Notifications (issue 21) on a real platform database: a pause writes one to every member of the project's
// organization (and none to anyone else), an accepted invitation writes one to the new member; the API lists
// with the popover's filters and paging, and a user can neither read nor change another user's notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { notifyProfile } from './writer.ts';

let h: PlatformHarness;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let slug: string;
let ref: string;

const api = (user: TestUser, method: string, path: string, body?: unknown) =>
  h.call(method, `/api/platform/notifications${path}`, { token: user.token, body });

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@notify.test');
  stranger = await h.user('stranger@notify.test');
  await h.call('GET', '/api/platform/profile', { token: stranger.token });
  ref = await h.activeProject(owner);
  slug = (await h.call('GET', '/api/platform/organizations', { token: owner.token })).body[0].slug;
  await h.call('POST', `/api/platform/organizations/${slug}/members/invitations`, {
    token: owner.token,
    body: { email: 'member@notify.test', role: 'developer' },
  });
  member = await h.user('member@notify.test');
  expect((await h.call('GET', '/api/platform/profile', { token: member.token })).status).toBe(200);
});
afterAll(async () => h?.close());

describe('written by the platform', () => {
  it('an accepted invitation tells the new member, once', async () => {
    const list = await api(member, 'GET', '');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        status: 'new',
        priority: 'Info',
        data: expect.objectContaining({ title: 'You joined Acme', org_slug: slug, actions: [expect.objectContaining({ url: '/org/[slug]' })] }),
      }),
    ]);
    await h.call('GET', '/api/platform/profile', { token: member.token });
    expect((await api(member, 'GET', '')).body).toHaveLength(1);
  });

  it('a pause writes one notification to each member of the organization and none to anyone else', async () => {
    const before = (await api(owner, 'GET', '')).body.length;
    const paused = await h.call('POST', `/api/platform/projects/${ref}/pause`, { token: owner.token });
    expect(paused.status).toBe(200);
    await h.waitForStatus(ref, owner.token, 'INACTIVE', 60_000);
    const mine = (await api(owner, 'GET', '')).body;
    expect(mine).toHaveLength(before + 1);
    expect(mine[0]).toMatchObject({
      status: 'new',
      data: { title: 'Shop was paused', project_ref: ref, org_slug: slug, actions: [{ url: '/project/[ref]' }, expect.anything()] },
    });
    expect(mine[0].data.message).toMatch(/\*\*Shop\*\* is paused/);
    const theirs = (await api(member, 'GET', `?project_ref=${ref}`)).body;
    expect(theirs.map((n: { data: { title: string } }) => n.data.title)).toEqual(['Shop was paused']);
    expect((await api(stranger, 'GET', '')).body).toEqual([]);
    expect((await api(owner, 'GET', '/summary')).body).toEqual({ unread_count: before + 1, has_warning: false, has_critical: false });
  });
});

describe('the API', () => {
  let ids: string[] = [];
  let user: TestUser;

  beforeAll(async () => {
    user = await h.user('reader@notify.test');
    await h.call('GET', '/api/platform/profile', { token: user.token });
    for (let i = 0; i < 12; i++) {
      await notifyProfile(h.services.pool, user.id, {
        priority: i === 0 ? 'Critical' : i === 1 ? 'Warning' : 'Info',
        data: { title: `n${i}`, message: 'm', project_ref: i % 2 ? ref : null, org_slug: slug },
      });
    }
    const rows = await h.services.pool.query<{ id: string }>('select id from notifications where profile_id = $1 order by inserted_at desc, id desc', [user.id]);
    ids = rows.rows.map((r) => r.id);
  });

  it('pages by 10, newest first, and filters by priority, organization and project', async () => {
    const first = await api(user, 'GET', '?offset=0&limit=10');
    expect(first.body.map((n: { id: string }) => n.id)).toEqual(ids.slice(0, 10));
    expect((await api(user, 'GET', '?offset=10&limit=10')).body.map((n: { id: string }) => n.id)).toEqual(ids.slice(10));
    expect((await api(user, 'GET', '?priority=Critical,Warning')).body.map((n: { data: { title: string } }) => n.data.title).sort()).toEqual(['n0', 'n1']);
    expect((await api(user, 'GET', `?project_ref=${ref}&limit=100`)).body).toHaveLength(6);
    expect((await api(user, 'GET', `?org_slug=other-org`)).body).toEqual([]);
    expect((await api(user, 'GET', '/summary')).body).toEqual({ unread_count: 12, has_warning: true, has_critical: true });
  });

  it('marks seen, archives, unarchives; Inbox, Unread and Archived list what spec A4.8 says', async () => {
    const seen = await api(user, 'PATCH', '', [{ id: ids[0], status: 'seen' }, { id: ids[1], status: 'archived' }]);
    expect(seen.status).toBe(200);
    expect(seen.body).toHaveLength(2);
    expect((await api(user, 'GET', '?status=new&limit=100')).body).toHaveLength(10);
    expect((await api(user, 'GET', '?status=new,seen&limit=100')).body).toHaveLength(11);
    expect((await api(user, 'GET', '?status=archived')).body.map((n: { id: string }) => n.id)).toEqual([ids[1]]);
    await api(user, 'PATCH', '', [{ id: ids[1], status: 'seen' }]);
    expect((await api(user, 'GET', '?status=archived')).body).toEqual([]);
    const all = await api(user, 'PATCH', '/archive-all');
    expect(all).toEqual({ status: 200, body: { archived: 12 } });
    expect((await api(user, 'GET', '')).body).toEqual([]);
    expect((await api(user, 'GET', '/summary')).body).toEqual({ unread_count: 0, has_warning: false, has_critical: false });
  });

  it('another user can neither read nor change mine: 404, and my row is untouched', async () => {
    const target = ids[5]!;
    const before = await h.services.pool.query('select status from notifications where id = $1', [target]);
    const attack = await api(stranger, 'PATCH', '', [{ id: target, status: 'new' }]);
    expect(attack).toEqual({ status: 404, body: { message: 'Notification not found' } });
    // Mixed with one of the attacker's own: all or nothing.
    await notifyProfile(h.services.pool, stranger.id, { data: { title: 'own', message: 'x' } });
    const own = (await api(stranger, 'GET', '')).body[0].id;
    expect((await api(stranger, 'PATCH', '', [{ id: own, status: 'seen' }, { id: target, status: 'new' }])).status).toBe(404);
    expect((await api(stranger, 'GET', '')).body[0].status).toBe('new');
    expect((await api(stranger, 'PATCH', '/archive-all')).body).toEqual({ archived: 1 });
    const after = await h.services.pool.query('select status from notifications where id = $1', [target]);
    expect(after.rows).toEqual(before.rows);
    for (const status of ['archived', 'new,seen']) {
      const listed = (await api(stranger, 'GET', `?status=${status}&limit=100`)).body.map((n: { id: string }) => n.id);
      expect(listed).not.toContain(target);
    }
    expect((await h.call('GET', '/api/platform/notifications', { token: null })).status).toBe(401);
  });

  it('the developer switch that writes a notification of one\'s own is not mounted without STRATA_DEV_SWITCHES', async () => {
    const response = await api(user, 'POST', '/dev', { data: { title: 't', message: 'm' } });
    expect(response.status).toBe(404);
  });

  it('bad input is a 400 with a clear message', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '?status=bogus', undefined, /status has an unknown status: bogus/],
      ['GET', '?priority=High', undefined, /unknown priority/],
      ['GET', '?project_ref=x;drop', undefined, /unknown project ref/],
      ['GET', '?limit=0', undefined, /limit must be at least 1/],
      ['GET', '?offset=-1', undefined, /offset/],
      ['PATCH', '', { id: ids[0], status: 'seen' }, /must be a JSON array/],
      ['PATCH', '', [], /at least 1/],
      ['PATCH', '', [{ id: 'nope', status: 'seen' }], /must be a notification id/],
      ['PATCH', '', [{ id: ids[0], status: 'deleted' }], /must be one of/],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await api(user, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body.message, `${method} ${path}`).toMatch(message);
    }
  });
});
