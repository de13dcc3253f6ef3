// Issue 18: the Audit Logs and Overview pages' SQL (src/domain/auth-audit.ts) against a real project — the entries
// the auth service's triggers write are found newest first, searched literally (LIKE's % and _ typed in the search match themselves), paged by
// keyset without gaps or repeats; the overview counts users and today's sign-ins.
import { GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_PAGE_SIZE,
  auditLogPageQuery,
  authOverviewQuery,
  toAuditLogPage,
  toAuthOverview,
  type AuditLogRequest,
  type AuditLogRow,
  type AuthOverviewRow,
} from '../../src/domain/auth-audit.ts';
import { memoryStorage, STRONG_PASSWORD, uniqueEmail } from '../auth/testing.ts';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';

let a: DataApiProject;
const emails: string[] = [];

const appFetch: typeof fetch = (input, init) =>
  Promise.resolve(a.h.app.request(input instanceof Request ? input : String(input), init as RequestInit));

async function query<T>(statement: { query: string; parameters: unknown[] }): Promise<T[]> {
  const response = await a.h.call('POST', `/api/platform/pg-meta/${a.ref}/query`, { token: a.owner, body: statement });
  expect(response.status).toBe(200);
  return response.body as T[];
}

beforeAll(async () => {
  a = await startDataApiProject('Audit queries');
  await a.h.call('PATCH', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner, body: { mailer_autoconfirm: true, rate_limit_otp: 1000 } });
  // 30 users signing up (one login each with autoconfirm) and signing in again: 90 entries, more than a page.
  for (let i = 0; i < 30; i++) {
    const email = uniqueEmail(i === 7 ? 'odd_one' : i === 8 ? 'oddxone' : 'audit');
    emails.push(email);
    const auth = new GoTrueClient({
      url: `http://${a.h.publicHost}/p/${a.ref}/auth/v1`,
      headers: { apikey: a.keys.anon, Authorization: `Bearer ${a.keys.anon}` },
      fetch: appFetch,
      storage: memoryStorage(),
      storageKey: `audit-${i}`,
      autoRefreshToken: false,
    });
    expect((await auth.signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    expect((await auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  }
}, 240_000);
afterAll(() => a?.h.close());

async function allPages(search: string): Promise<AuditLogRow[]> {
  const rows: AuditLogRow[] = [];
  let request: AuditLogRequest = { search, after: null };
  for (;;) {
    const page = toAuditLogPage(await query<AuditLogRow>(auditLogPageQuery(request)), request);
    expect(page.rows.length).toBeLessThanOrEqual(AUDIT_LOG_PAGE_SIZE);
    rows.push(...page.rows);
    if (!page.next) return rows;
    request = { search, after: page.next };
  }
}

describe('audit log pages', () => {
  it('every entry once, newest first, across pages', async () => {
    const rows = await allPages('');
    expect(rows.length).toBe(90);
    expect(new Set(rows.map((r) => r.id)).size).toBe(90);
    const times = rows.map((r) => new Date(r.created_at).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(rows.filter((r) => r.payload?.action === 'login').length).toBe(60);
    expect(rows.filter((r) => r.payload?.action === 'user_signedup').length).toBe(30);
  });

  it("search matches an e-mail, an action, and LIKE's wildcards literally", async () => {
    const one = await allPages(emails[3]!);
    expect(one.length).toBe(3);
    expect(one.every((r) => r.payload?.actor_username === emails[3])).toBe(true);
    expect((await allPages('user_signedup')).length).toBe(30);
    // LIKE's wildcards typed in the search match themselves: 'odd_one' is not 'oddxone', and no entry has a %.
    const underscore = await allPages('odd_one');
    expect(underscore.map((r) => r.payload?.actor_username)).toEqual([emails[7], emails[7], emails[7]]);
    expect(await allPages('%')).toEqual([]);
    expect(await allPages("nobody'; drop table auth.users; --")).toEqual([]);
  });

  it('the overview counts the users and the sign-ins of today', async () => {
    const overview = toAuthOverview(await query<AuthOverviewRow>(authOverviewQuery(14)), 14);
    expect(overview.users).toBe(30);
    expect(overview.newUsers).toBe(30);
    expect(overview.signInsPerDay).toHaveLength(14);
    expect(overview.signInsPerDay.at(-1)!.count).toBe(60);
    expect(overview.signInsPerDay.slice(0, -1).every((d) => d.count === 0)).toBe(true);
  });
});
