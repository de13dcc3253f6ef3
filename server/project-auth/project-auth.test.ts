// Issue 18, done when: a project's own auth at {project API URL}/auth/v1 driven by the official auth-js, end to end
// with the Data API (postgrest-js) and an auth.uid() policy; its settings take effect (redirect allow-list, a rate
// limit, the access-token hook); and the attacks: a console token, and a token of another project, are refused.
import { GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, STRONG_PASSWORD, uniqueEmail } from '../auth/testing.ts';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';

let a: DataApiProject;
let refB: string;
let keysB: { anon: string; service_role: string };

beforeAll(async () => {
  a = await startDataApiProject('Project auth');
  // A second project of the same platform, for the cross-project attack.
  const org = await a.h.call('GET', '/api/platform/organizations', { token: a.owner });
  const created = await a.h.call('POST', '/api/platform/projects', {
    token: a.owner,
    body: { organization_slug: org.body[0].slug, name: 'Project B', db_pass: 'Strong-db-pass-123', db_region: 'local' },
  });
  refB = created.body.ref;
  await a.h.waitForStatus(refB, a.owner, 'ACTIVE_HEALTHY', 60_000);
  const settings = await a.h.call('GET', `/api/platform/projects/${refB}/settings`, { token: a.owner });
  keysB = Object.fromEntries(settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key])) as typeof keysB;
  await a.sql(`
    create table public.notes (id serial primary key, owner uuid not null default auth.uid(), body text not null);
    alter table public.notes enable row level security;
    create policy "own notes" on public.notes for all to authenticated
      using (auth.uid() = owner) with check (auth.uid() = owner);
    grant select, insert on public.notes to authenticated;
    grant usage on sequence public.notes_id_seq to authenticated;`);
}, 180_000);
afterAll(() => a?.h.close());

const authUrl = (ref: string) => `http://${a.h.publicHost}/p/${ref}/auth/v1`;
const appFetch: typeof fetch = (input, init) =>
  Promise.resolve(a.h.app.request(input instanceof Request ? input : String(input), init as RequestInit));

function client(ref = a.ref, anon = a.keys.anon) {
  return new GoTrueClient({
    url: authUrl(ref),
    headers: { apikey: anon, Authorization: `Bearer ${anon}` },
    fetch: appFetch,
    storage: memoryStorage(),
    storageKey: `project-auth-${Math.random()}`,
    persistSession: true,
    autoRefreshToken: false,
  });
}

const admin = (ref = a.ref, key = a.keys.service_role) =>
  new GoTrueAdminApi({ url: authUrl(ref), headers: { apikey: key, Authorization: `Bearer ${key}` }, fetch: appFetch });

/** The newest mail to an address in the project's inbox (opened with its service_role key). */
async function latestMail(email: string, ref = a.ref, key = a.keys.service_role) {
  const response = await a.h.app.request(`${authUrl(ref)}/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
    headers: { 'x-strata-inbox-token': key },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { messages: { subject: string; link: string | null; code: string | null }[] };
  return body.messages[0] ?? null;
}

async function signedUp(email = uniqueEmail('p')) {
  const auth = client();
  const signUp = await auth.signUp({ email, password: STRONG_PASSWORD });
  expect(signUp.error).toBeNull();
  // Confirm e-mail is on by default: no session until the mailed code is used.
  expect(signUp.data.session).toBeNull();
  const mail = await latestMail(email);
  expect(mail?.code).toMatch(/^\d{6}$/);
  const verified = await auth.verifyOtp({ email, token: mail!.code!, type: 'signup' });
  expect(verified.error).toBeNull();
  return { auth, email, session: verified.data.session!, user: verified.data.user! };
}

const patchConfig = (body: Record<string, unknown>) =>
  a.h.call('PATCH', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner, body });

describe('project auth with auth-js', () => {
  it('sign-up, the code from the project inbox, a session whose token the Data API applies RLS with', async () => {
    const one = await signedUp();
    const two = await signedUp();
    const claims = decodeJwt(one.session.access_token);
    expect(claims).toMatchObject({ sub: one.user.id, role: 'authenticated', aud: 'authenticated', iss: authUrl(a.ref) });

    const asOne = a.client(a.keys.anon, one.session.access_token);
    const inserted = await asOne.from('notes').insert({ body: 'mine' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data.owner).toBe(one.user.id);
    expect((await asOne.from('notes').select('body')).data).toEqual([{ body: 'mine' }]);
    // Another user of the project: the policy gives no rows, and cannot write a row as the first user.
    const asTwo = a.client(a.keys.anon, two.session.access_token);
    expect((await asTwo.from('notes').select('body')).data).toEqual([]);
    expect((await asTwo.from('notes').insert({ body: 'forged', owner: one.user.id })).error).not.toBeNull();

    // The user, a refresh with rotation (the old refresh token is spent), sign-out.
    expect((await one.auth.getUser()).data.user?.email).toBe(one.email);
    const updated = await one.auth.updateUser({ data: { nickname: 'one' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ nickname: 'one' });
    const refreshed = await one.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(one.session.refresh_token);
    expect((await one.auth.signOut({ scope: 'global' })).error).toBeNull();
    const after = await a.h.app.request(`${authUrl(a.ref)}/user`, {
      headers: { apikey: a.keys.anon, authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect(after.status).toBe(403);
  });

  it('password sign-in, magic link and e-mail OTP mail into the project inbox', async () => {
    const { email } = await signedUp();
    const auth = client();
    expect((await auth.signInWithPassword({ email, password: STRONG_PASSWORD })).data.session).not.toBeNull();
    expect((await auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail?.subject).toBe('Your sign-in link');
    expect(mail?.link).toContain(`${authUrl(a.ref)}/verify?`);
    const otp = await client().verifyOtp({ email, token: mail!.code!, type: 'email' });
    expect(otp.data.session?.user.email).toBe(email);
    expect((await auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await latestMail(email))?.subject).toBe('Reset your password');
  });

  it('the admin API answers to the service_role key only', async () => {
    const email = uniqueEmail('admin');
    const created = await admin().createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const listed = await admin().listUsers();
    expect(listed.data.users.map((u) => u.email)).toContain(email);
    expect((await admin().updateUserById(created.data.user!.id, { user_metadata: { plan: 'pro' } })).data.user?.user_metadata).toMatchObject({ plan: 'pro' });
    const link = await admin().generateLink({ type: 'magiclink', email });
    expect(link.data.properties?.action_link).toContain(`${authUrl(a.ref)}/verify?`);
    expect((await admin().inviteUserByEmail(uniqueEmail('invited'))).error).toBeNull();
    expect((await admin().deleteUser(created.data.user!.id)).error).toBeNull();
    // The anon key, and project B's service_role key, are not this project's admin.
    expect((await admin(a.ref, a.keys.anon).listUsers()).error?.status).toBe(403);
    const foreign = await a.h.app.request(`${authUrl(a.ref)}/admin/users`, {
      headers: { apikey: a.keys.anon, authorization: `Bearer ${keysB.service_role}` },
    });
    expect(foreign.status).toBe(403);
    // No key at all: refused before the service.
    expect((await a.h.app.request(`${authUrl(a.ref)}/settings`)).status).toBe(401);
  });

  it('TOTP MFA: enrol, challenge and verify lift the session to aal2, and the Data API still serves the token', async () => {
    const { auth } = await signedUp();
    const enrolled = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(enrolled.error).toBeNull();
    const secret = enrolled.data!.type === 'totp' ? enrolled.data!.totp.secret : '';
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const verified = await auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data!.access_token)).toMatchObject({ aal: 'aal2', role: 'authenticated' });
    expect((await a.client(a.keys.anon, verified.data!.access_token).from('notes').select('body')).error).toBeNull();
  });

  it('the auth audit log records sign-up, sign-in, refresh and sign-out of a user', async () => {
    const { auth, user } = await signedUp();
    expect((await auth.refreshSession()).error).toBeNull();
    expect((await auth.signOut()).error).toBeNull();
    const entries = (await a.sql(
      `select payload->>'action' as action from auth.audit_log_entries
        where payload->>'actor_id' = '${user.id}' order by created_at, action`,
    )) as { action: string }[];
    expect(entries.map((e) => e.action)).toEqual(['user_signedup', 'login', 'token_refreshed', 'logout']);
  });

  it('the users of a project live in its own database, not the platform', async () => {
    const { email } = await signedUp();
    const { rows } = await a.h.services.pool.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
    const inProject = (await a.sql(`select count(*)::int as n from auth.users where email = '${email}'`)) as { n: number }[];
    expect(inProject[0]!.n).toBe(1);
  });
});

describe('attacks', () => {
  it("a console (platform) token is refused by the project's auth and its Data API", async () => {
    const user = await a.h.app.request(`${authUrl(a.ref)}/user`, {
      headers: { apikey: a.keys.anon, authorization: `Bearer ${a.owner}` },
    });
    expect(user.status).toBe(403);
    const rows = await a.client(a.keys.anon, a.owner).from('notes').select('*');
    expect(rows.status).toBe(401);
    // The project's own anon key is no session either (another issuer, no session).
    const anonAsSession = await a.h.app.request(`${authUrl(a.ref)}/user`, {
      headers: { apikey: a.keys.anon, authorization: `Bearer ${a.keys.anon}` },
    });
    expect(anonAsSession.status).toBe(403);
    // Nor does a console token pass as the apikey.
    expect((await a.h.app.request(`${authUrl(a.ref)}/settings`, { headers: { apikey: a.owner } })).status).toBe(401);
  });

  it("a project user's token is refused by the platform (console API and the platform's /auth/v1)", async () => {
    const { session } = await signedUp();
    expect((await a.h.call('GET', '/api/platform/profile', { token: session.access_token })).status).toBe(401);
    expect((await a.h.call('GET', `/api/platform/projects/${a.ref}/config/auth`, { token: session.access_token })).status).toBe(401);
  });

  it('a token of project A is refused by project B (auth and Data API)', async () => {
    const { session } = await signedUp();
    const user = await a.h.app.request(`${authUrl(refB)}/user`, {
      headers: { apikey: keysB.anon, authorization: `Bearer ${session.access_token}` },
    });
    expect(user.status).toBe(403);
    const rest = await a.h.app.request(`http://${a.h.publicHost}/p/${refB}/rest/v1/`, {
      headers: { apikey: keysB.anon, authorization: `Bearer ${session.access_token}` },
    });
    expect(rest.status).toBe(401);
    // Project A's anon key is not a key of B.
    expect((await a.h.app.request(`${authUrl(refB)}/settings`, { headers: { apikey: a.keys.anon } })).status).toBe(401);
  });
});

describe('settings take effect', () => {
  it('GET/PATCH config/auth: members read, bad input is a 400, the stored values come back', async () => {
    const read = await a.h.call('GET', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ site_url: 'http://localhost:3000', mailer_autoconfirm: false });
    expect((await patchConfig({ site_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await patchConfig({ unknown_setting: 1 })).status).toBe(400);
    expect((await patchConfig({ hook_custom_access_token_uri: 'pg-functions://postgres/public/x;drop' })).status).toBe(400);
    const stranger = await a.h.user();
    expect((await a.h.call('GET', `/api/platform/projects/${a.ref}/config/auth`, { token: stranger.token })).status).toBe(404);
  });

  it('a redirect outside the allow-list falls back to the site URL; one inside is kept', async () => {
    await a.sql('delete from auth.rate_limit_counters');
    const saved = await patchConfig({ site_url: 'https://app.example.com', uri_allow_list: 'https://preview.example.com/**' });
    expect(saved.status).toBe(200);
    const { email } = await signedUp();
    expect((await client().signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.net/steal', shouldCreateUser: false } })).error).toBeNull();
    const refused = new URL((await latestMail(email))!.link!);
    expect(refused.searchParams.get('redirect_to')).toBe('https://app.example.com');
    expect((await client().signInWithOtp({ email, options: { emailRedirectTo: 'http://127.0.0.1:9999/cb', shouldCreateUser: false } })).error).toBeNull();
    expect(new URL((await latestMail(email))!.link!).searchParams.get('redirect_to')).toBe('https://app.example.com');
    expect((await client().signInWithOtp({ email, options: { emailRedirectTo: 'https://preview.example.com/pr/7/cb', shouldCreateUser: false } })).error).toBeNull();
    expect(new URL((await latestMail(email))!.link!).searchParams.get('redirect_to')).toBe('https://preview.example.com/pr/7/cb');
  });

  it("the access-token hook's claims go into the token, and the Data API sees them", async () => {
    await a.sql(`
      create or replace function public.custom_claims(event jsonb) returns jsonb language sql as $$
        select jsonb_build_object('claims', (event->'claims') || jsonb_build_object('plan', 'gold', 'sub', 'forged'))
      $$;
      create or replace function public.my_plan() returns text language sql stable as $$ select auth.jwt()->>'plan' $$;
      grant execute on function public.my_plan() to authenticated;`);
    expect((await patchConfig({ hook_custom_access_token_enabled: true, hook_custom_access_token_uri: 'pg-functions://postgres/public/custom_claims' })).status).toBe(200);
    const { session, user } = await signedUp();
    const claims = decodeJwt(session.access_token);
    expect(claims.plan).toBe('gold');
    // The hook may add claims, not change whose token it is.
    expect(claims.sub).toBe(user.id);
    const plan = await a.client(a.keys.anon, session.access_token).rpc('my_plan');
    expect(plan.data).toBe('gold');
    await patchConfig({ hook_custom_access_token_enabled: false });
  });

  it('e-mail provider off refuses e-mail sign-in; a shorter password minimum is enforced', async () => {
    await patchConfig({ external_email_enabled: false });
    const off = await client().signInWithPassword({ email: uniqueEmail('off'), password: STRONG_PASSWORD });
    expect(off.error?.code).toBe('email_provider_disabled');
    await patchConfig({ external_email_enabled: true, password_min_length: 30 });
    const short = await client().signUp({ email: uniqueEmail('short'), password: STRONG_PASSWORD });
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.message).toContain('at least 30 characters');
    await patchConfig({ password_min_length: 6 });
  });

  it("a rate limit set for the project answers 429 with GoTrue's code", async () => {
    // The earlier tests signed in from the same (in-process) client address: start the window afresh.
    await a.sql('delete from auth.rate_limit_counters');
    await patchConfig({ rate_limit_otp: 2 });
    const email = uniqueEmail('limited');
    const statuses: (number | undefined)[] = [];
    let code: string | undefined;
    for (let i = 0; i < 3; i++) {
      const result = await client().signInWithPassword({ email, password: 'Wrong-Password-1' });
      statuses.push(result.error?.status);
      code = result.error?.code;
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect(code).toBe('over_request_rate_limit');
  });
});
