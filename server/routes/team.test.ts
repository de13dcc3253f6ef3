import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../src/domain/team.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { folderSize, storageSize } from './usage.ts';

let h: PlatformHarness;
let owner: TestUser;
let slug: string;

const base = () => `/api/platform/organizations/${slug}/members`;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  slug = (await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Team Org' } })).body.slug;
});
afterAll(async () => h?.close());

async function roleOf(user: TestUser): Promise<string | undefined> {
  const members = await h.call('GET', base(), { token: owner.token });
  return members.body.find((m: { gotrue_id: string }) => m.gotrue_id === user.id)?.role;
}

describe('invitations', () => {
  it('invites, lists, and the invitee joins on the first profile fetch (e-mail case-insensitive)', async () => {
    const invite = await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: ' Dev@Example.com ', role: 'developer' } });
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ invited_email: 'dev@example.com', role: 'developer', invited_by: 'owner@example.com' });
    const list = await h.call('GET', `${base()}/invitations`, { token: owner.token });
    expect(list.body).toEqual([expect.objectContaining({ id: invite.body.id, invited_email: 'dev@example.com' })]);

    const dev = await h.user('DEV@example.COM');
    expect((await h.call('GET', '/api/platform/organizations', { token: dev.token })).body.map((o: { slug: string }) => o.slug)).toEqual([slug]);
    expect(await roleOf(dev)).toBe('developer');
    expect((await h.call('GET', `${base()}/invitations`, { token: owner.token })).body).toEqual([]);
    // Accepting twice changes nothing.
    expect((await h.call('GET', '/api/platform/profile', { token: dev.token })).status).toBe(200);
    expect(await roleOf(dev)).toBe('developer');
  });

  it('an address that is not confirmed accepts nothing, whatever its token claims; once confirmed it joins (issue 13 #6)', async () => {
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'pending@example.com', role: 'administrator' } });
    // A sign-up still waiting for its mailed link (the attacker who signed up with the invitee's address).
    const unproven = await h.user('pending@example.com', { confirmed: false });
    expect((await h.call('GET', '/api/platform/organizations', { token: unproven.token })).body).toEqual([]);
    expect((await h.call('GET', '/api/platform/profile', { token: unproven.token })).status).toBe(200);
    expect(await roleOf(unproven)).toBeUndefined();
    // A token whose e-mail claim names the address, for an account without it in the auth tables.
    const forged = await h.user('pending@example.com');
    const { rows } = await h.services.pool.query('select id from auth.users where email = $1', ['pending@example.com']);
    expect(rows).toEqual([{ id: unproven.id }]); // `forged` has no auth row of that address
    expect((await h.call('GET', '/api/platform/profile', { token: forged.token })).status).toBe(200);
    expect(await roleOf(forged)).toBeUndefined();
    const pending = (await h.call('GET', `${base()}/invitations`, { token: owner.token })).body;
    expect(pending).toEqual([expect.objectContaining({ invited_email: 'pending@example.com', role: 'administrator' })]);

    // The owner of the address confirms it (the mailed link or code): the next fetch joins.
    await h.services.pool.query('update auth.users set email_confirmed_at = now() where id = $1', [unproven.id]);
    expect((await h.call('GET', '/api/platform/profile', { token: unproven.token })).status).toBe(200);
    expect(await roleOf(unproven)).toBe('administrator');
    expect((await h.call('GET', `${base()}/invitations`, { token: owner.token })).body).toEqual([]);
  });

  it('an existing user joins on the next profile fetch; inviting again keeps one invitation with the new role', async () => {
    const later = await h.user('later@example.com');
    await h.call('GET', '/api/platform/profile', { token: later.token });
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'later@example.com', role: 'read_only' } });
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'later@example.com', role: 'administrator' } });
    const pending = (await h.call('GET', `${base()}/invitations`, { token: owner.token })).body;
    expect(pending).toEqual([expect.objectContaining({ invited_email: 'later@example.com', role: 'administrator' })]);
    await h.call('GET', '/api/platform/profile', { token: later.token });
    expect(await roleOf(later)).toBe('administrator');
  });

  it('refuses bad input, members and revoked invitations', async () => {
    const bad = await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'not-an-email', role: 'developer' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/i);
    const badRole = await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'x@example.com', role: 'king' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toMatch(/role/);
    const member = await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'OWNER@example.com', role: 'developer' } });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(TEAM_MESSAGES.alreadyMember);

    const invite = await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'gone@example.com', role: 'developer' } });
    const revoke = await h.call('DELETE', `${base()}/invitations/${invite.body.id}`, { token: owner.token });
    expect(revoke.status).toBe(200);
    expect((await h.call('DELETE', `${base()}/invitations/${invite.body.id}`, { token: owner.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base()}/invitations/abc`, { token: owner.token })).status).toBe(404);
    const gone = await h.user('gone@example.com');
    expect((await h.call('GET', '/api/platform/organizations', { token: gone.token })).body).toEqual([]);
  });
});

describe('role rules', () => {
  it('a developer cannot invite, change roles or remove others (403 with a message); strangers get 404', async () => {
    const dev = (await h.call('GET', base(), { token: owner.token })).body.find((m: { role: string }) => m.role === 'developer');
    const devUser = await h.user('dev2@example.com');
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'dev2@example.com', role: 'developer' } });
    await h.call('GET', '/api/platform/profile', { token: devUser.token });

    const invite = await h.call('POST', `${base()}/invitations`, { token: devUser.token, body: { email: 'x@example.com', role: 'developer' } });
    expect(invite.status).toBe(403);
    expect(invite.body.message).toBe(TEAM_MESSAGES.cannotInvite);
    const patch = await h.call('PATCH', `${base()}/${dev.gotrue_id}`, { token: devUser.token, body: { role: 'owner' } });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toMatch(/additional permissions/);
    expect((await h.call('DELETE', `${base()}/${owner.id}`, { token: devUser.token })).status).toBe(403);
    // Reading the invitations is fine for any member.
    expect((await h.call('GET', `${base()}/invitations`, { token: devUser.token })).status).toBe(200);

    const stranger = await h.user();
    expect((await h.call('POST', `${base()}/invitations`, { token: stranger.token, body: { email: 'x@example.com', role: 'developer' } })).status).toBe(404);
  });

  it('an administrator cannot grant or take the owner role', async () => {
    const admin = await h.user('admin@example.com');
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'admin@example.com', role: 'administrator' } });
    await h.call('GET', '/api/platform/profile', { token: admin.token });
    const asOwner = await h.call('POST', `${base()}/invitations`, { token: admin.token, body: { email: 'boss@example.com', role: 'owner' } });
    expect(asOwner.status).toBe(403);
    expect((await h.call('PATCH', `${base()}/${owner.id}`, { token: admin.token, body: { role: 'developer' } })).status).toBe(403);
    expect((await h.call('DELETE', `${base()}/${owner.id}`, { token: admin.token })).status).toBe(403);
    // …but manages developers.
    const dev = await h.user('dev3@example.com');
    await h.call('POST', `${base()}/invitations`, { token: admin.token, body: { email: 'dev3@example.com', role: 'developer' } });
    await h.call('GET', '/api/platform/profile', { token: dev.token });
    expect((await h.call('PATCH', `${base()}/${dev.id}`, { token: admin.token, body: { role: 'read_only' } })).status).toBe(200);
    expect(await roleOf(dev)).toBe('read_only');
    expect((await h.call('DELETE', `${base()}/${dev.id}`, { token: admin.token })).status).toBe(200);
    expect(await roleOf(dev)).toBeUndefined();
  });

  it('protects the last owner: no demotion, no removal, not even leaving; a second owner lifts it', async () => {
    const demote = await h.call('PATCH', `${base()}/${owner.id}`, { token: owner.token, body: { role: 'developer' } });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe(TEAM_MESSAGES.lastOwner);
    const leave = await h.call('DELETE', `${base()}/${owner.id}`, { token: owner.token });
    expect(leave.status).toBe(400);
    expect(leave.body.message).toBe(TEAM_MESSAGES.lastOwner);

    const second = await h.user('second-owner@example.com');
    await h.call('POST', `${base()}/invitations`, { token: owner.token, body: { email: 'second-owner@example.com', role: 'owner' } });
    await h.call('GET', '/api/platform/profile', { token: second.token });
    expect((await h.call('PATCH', `${base()}/${owner.id}`, { token: second.token, body: { role: 'administrator' } })).status).toBe(200);
    expect(await roleOf(owner)).toBe('administrator');
    // The two concurrent attempts to remove the only remaining owner cannot both pass.
    const results = await Promise.all([
      h.call('DELETE', `${base()}/${second.id}`, { token: second.token }),
      h.call('PATCH', `${base()}/${second.id}`, { token: second.token, body: { role: 'developer' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([400, 400]);
    expect((await h.call('PATCH', `${base()}/not-a-uuid`, { token: second.token, body: { role: 'developer' } })).status).toBe(404);
    expect((await h.call('PATCH', `${base()}/${owner.id}`, { token: second.token, body: {} })).status).toBe(400);
  });
});

describe('usage: STORAGE_SIZE', () => {
  it("sums the files of the projects' stored objects under the files folder, 0 without one", async () => {
    const root = mkdtempSync(join(tmpdir(), 'strata-storage-'));
    try {
      mkdirSync(join(root, 'aaaa', 'objects', 'bucket', 'nested'), { recursive: true });
      writeFileSync(join(root, 'aaaa', 'objects', 'bucket', 'a.txt'), 'x'.repeat(100));
      writeFileSync(join(root, 'aaaa', 'objects', 'bucket', 'nested', 'b.bin'), Buffer.alloc(1000));
      // Temporary uploads beside the objects are not stored objects.
      mkdirSync(join(root, 'aaaa', 'tmp'));
      writeFileSync(join(root, 'aaaa', 'tmp', 'partial'), Buffer.alloc(50));
      mkdirSync(join(root, 'bbbb', 'objects'), { recursive: true });
      writeFileSync(join(root, 'bbbb', 'objects', 'c'), 'xyz');
      expect(await folderSize(join(root, 'aaaa', 'objects'))).toBe(1100);
      expect(await storageSize(root, ['aaaa', 'bbbb', 'missing'])).toBe(1103);
      expect(await storageSize(root, ['bbbb'])).toBe(3);
      expect(await storageSize(null, ['aaaa'])).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the usage route reports STORAGE_SIZE 0 and DB_SIZE for an organization without projects', async () => {
    const usage = await h.call('GET', `/api/platform/organizations/${slug}/usage`, { token: owner.token });
    expect(usage.status).toBe(200);
    const metrics = usage.body.usages.map((u: { metric: string }) => u.metric);
    expect(metrics).toEqual(expect.arrayContaining(['DB_SIZE', 'STORAGE_SIZE', 'EGRESS', 'MONTHLY_ACTIVE_USERS']));
    expect(metrics).not.toContain('DISK_IOPS_GP3');
    expect(usage.body.usages.find((u: { metric: string }) => u.metric === 'STORAGE_SIZE').usage).toBe(0);
  });
});
