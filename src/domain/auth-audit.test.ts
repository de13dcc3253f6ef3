// Audit Logs and Overview (spec A2.7, issue 18): the search is literal inside LIKE, pages end where the rows do, and
// the overview of a project without auth is zeros. (The SQL itself runs on Postgres in server/project-auth/audit-queries.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_PAGE_SIZE, auditActionLabel, auditLogPageQuery, emptyAuthOverview, likeLiteral, toAuditLogPage, toAuthOverview, type AuditLogRow } from './auth-audit.ts';

const row = (i: number): AuditLogRow => ({ id: `id-${i}`, created_at: `2026-11-27 10:00:00.${String(i).padStart(6, '0')}+00`, ip_address: '', payload: { action: 'login' } });

describe('auth audit log', () => {
  it("LIKE's wildcards and the escape character are escaped; nothing else changes", () => {
    expect(likeLiteral('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = likeLiteral(text);
        // Unescaping gives the text back, and no bare wildcard is left.
        expect(escaped.replace(/\\(.)/g, '$1')).toBe(text);
        expect(escaped.replace(/\\./g, '')).not.toMatch(/[%_\\]/);
      }),
    );
  });

  it('one row more than a page means a next page, keyed by the last row shown', () => {
    const full = Array.from({ length: AUDIT_LOG_PAGE_SIZE + 1 }, (_, i) => row(i));
    const page = toAuditLogPage(full, { search: '', after: null });
    expect(page.rows).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    expect(page.next).toEqual({ createdAt: full[AUDIT_LOG_PAGE_SIZE - 1]!.created_at, id: full[AUDIT_LOG_PAGE_SIZE - 1]!.id });
    expect(toAuditLogPage(full.slice(0, AUDIT_LOG_PAGE_SIZE), { search: '', after: null }).next).toBeNull();
    expect(toAuditLogPage([], { search: '', after: null })).toEqual({ rows: [], next: null });
  });

  it('the query binds the search, the keyset and one more than a page', () => {
    const { parameters, query } = auditLogPageQuery({ search: "  o'brien%  ", after: { createdAt: 't', id: 'x' } });
    expect(parameters).toEqual(["o'brien\\%", 't', 'x', AUDIT_LOG_PAGE_SIZE + 1]);
    expect(query).not.toContain("o'brien");
  });

  it('actions read as words; unknown ones as they are', () => {
    expect(auditActionLabel('login')).toBe('Signed in');
    expect(auditActionLabel('user_signedup')).toBe('Signed up');
    expect(auditActionLabel('factor_in_progress')).toBe('factor_in_progress');
    expect(auditActionLabel(undefined)).toBe('Unknown');
  });

  it('an overview without rows is zeros', () => {
    expect(toAuthOverview([], 14)).toEqual(emptyAuthOverview(14));
    expect(toAuthOverview([{ users: 3, new_users: 1, sign_ins: null }], 7)).toEqual({ users: 3, newUsers: 1, signInsPerDay: [], days: 7 });
  });
});
