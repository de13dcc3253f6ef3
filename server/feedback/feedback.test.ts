// Issue 21: the feedback widget's messages are stored by the platform and readable by its admins only. Attacks:
// a member, an unconfirmed account with an admin's address, a token claiming an admin's address, a forged image,
// another tenant's project, no session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let admin: TestUser;
let member: TestUser;
let ref: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const png = `data:image/png;base64,${PNG.toString('base64')}`;

beforeAll(async () => {
  h = await startPlatformHarness();
  admin = await h.user('feedback-admin@example.com');
  member = await h.user('feedback-member@example.com');
  await h.call('GET', '/api/platform/profile', { token: admin.token });
  ref = await h.activeProject(member);
}, 120_000);
afterAll(async () => h?.close());
afterEach(() => {
  delete process.env.STRATA_PLATFORM_ADMINS;
});

const send = (body: unknown, token: string | null = member.token) => h.call('POST', '/api/platform/feedback/send', { token, body });
const list = (token: string | null) => h.call('GET', '/api/platform/admin/feedback', { token });

describe('feedback widget storage', () => {
  it('stores text, page and screenshot; the admin reads them and the image with a sandbox CSP', async () => {
    const sent = await send({ message: 'The table editor is great', pathname: `/project/${ref}/editor`, projectRef: ref, screenshot: png });
    expect(sent.status).toBe(201);
    process.env.STRATA_PLATFORM_ADMINS = ' other@example.com, Feedback-Admin@example.com ';
    const read = await list(admin.token);
    expect(read.status).toBe(200);
    const row = read.body.find((r: { id: string }) => r.id === sent.body.id);
    expect(row).toMatchObject({ message: 'The table editor is great', project_ref: ref, email: 'feedback-member@example.com', has_screenshot: true });
    const image = await h.request('GET', `/api/platform/admin/feedback/${sent.body.id}/screenshot`, { token: admin.token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses everyone else: members, no admins configured, an unconfirmed account with the admin address, no session', async () => {
    const sent = await send({ message: 'secret complaint', screenshot: png });
    expect((await list(member.token)).status).toBe(403);
    expect((await list(admin.token)).status).toBe(403); // STRATA_PLATFORM_ADMINS unset
    process.env.STRATA_PLATFORM_ADMINS = 'feedback-admin@example.com,unconfirmed@example.com';
    expect((await list(member.token)).status).toBe(403);
    expect((await h.request('GET', `/api/platform/admin/feedback/${sent.body.id}/screenshot`, { token: member.token })).status).toBe(403);
    const unconfirmed = await h.user('unconfirmed@example.com', { confirmed: false });
    expect((await list(unconfirmed.token)).status).toBe(403);
    // A token whose e-mail claim names the admin but whose account is someone else: the claim is not trusted.
    const impostor = await h.user('impostor@example.com');
    await h.services.pool.query('update auth.users set email = $1 where id = $2', ['impostor2@example.com', impostor.id]);
    process.env.STRATA_PLATFORM_ADMINS = 'impostor@example.com';
    expect((await list(impostor.token)).status).toBe(403);
    expect((await list(null)).status).toBe(401);
    expect((await send({ message: 'x' }, null)).status).toBe(401);
  });

  it("refuses bad input: empty text, a forged or foreign image, another tenant's project", async () => {
    expect((await send({ message: '   ' })).status).toBe(400);
    expect((await send({ message: 'x'.repeat(5001) })).status).toBe(400);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    expect((await send({ message: 'x', screenshot: svg })).status).toBe(400);
    const forged = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>').toString('base64')}`;
    expect((await send({ message: 'x', screenshot: forged })).body.message).toBe('The screenshot is not the image type it says it is');
    expect((await send({ message: 'x', projectRef: ref }, admin.token)).status).toBe(404);
    expect((await send({ message: 'x', orgSlug: 'not-mine' })).status).toBe(404);
  });
});
