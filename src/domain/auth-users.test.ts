// Authentication → Users rules (issue 18); the SQL itself runs on Postgres in server/pgmeta/auth-users-list.test.ts.
import { describe, expect, it } from 'vitest';
import {
  AUTH_USERS_PAGE_SIZE,
  authUserDetailQuery,
  authUserLabel,
  authUsersPageQuery,
  canManageAuthUsers,
  formatUserDate,
  providersLabel,
  toAuthUsersPage,
  type AuthUserRow,
} from './auth-users.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const row = (n: number): AuthUserRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `u${n}@example.com`,
  phone: null,
  providers: ['email'],
  created_at: '2026-01-01T00:00:00Z',
  last_sign_in_at: null,
  sort_key: `key${n}`,
});

describe('auth users page query', () => {
  it('binds the trimmed, lower-cased search; the text never enters the SQL', () => {
    const { query, parameters } = authUsersPageQuery({ search: "  O'Brien%_ ", sort: { column: 'email', direction: 'asc' }, after: null });
    expect(parameters).toEqual(["o'brien%_"]);
    expect(query).not.toContain('brien');
    expect(query).toContain('strpos(');
    expect(query).not.toMatch(/\blike\b/i);
    // Not phone-like: the row's JSON is not read in the filter.
    expect(query.split('where')[1]).not.toContain('to_jsonb');
    expect(authUsersPageQuery({ search: '+44 20', sort: { column: 'email', direction: 'asc' }, after: null }).query.split('where')[1]).toContain(
      "to_jsonb(u) ->> 'phone'",
    );
  });

  it('pages by keyset after the cursor, in the direction of the sort, one row more than a page', () => {
    const desc = authUsersPageQuery({ search: '', sort: { column: 'created_at', direction: 'desc' }, after: { key: '2026-01-01 00:00:00+00', id: ID } });
    expect(desc.parameters).toEqual(['2026-01-01 00:00:00+00', ID]);
    expect(desc.query).toContain('(u.created_at, u.id) < ($1::timestamptz, $2::uuid)');
    expect(desc.query).toContain(`limit ${AUTH_USERS_PAGE_SIZE + 1}`);
    expect(desc.query).not.toMatch(/offset/i);
    const asc = authUsersPageQuery({ search: 'ada', sort: { column: 'last_sign_in_at', direction: 'asc' }, after: { key: '-infinity', id: ID } });
    expect(asc.parameters).toEqual(['ada', '-infinity', ID]);
    expect(asc.query).toContain("(coalesce(u.last_sign_in_at, '-infinity'::timestamptz), u.id) > ($2::timestamptz, $3::uuid)");
    expect(authUsersPageQuery({ search: '', sort: { column: 'email', direction: 'asc' }, after: { key: '', id: ID } }).query).toContain(
      "(coalesce(u.email, ''), u.id) > ($1::text, $2::uuid)",
    );
  });

  it('leaves soft-deleted users out', () => {
    expect(authUsersPageQuery({ search: '', sort: { column: 'email', direction: 'desc' }, after: null }).query).toContain('u.deleted_at is null');
    expect(authUserDetailQuery(ID)).toMatchObject({ parameters: [ID] });
    expect(authUserDetailQuery(ID).query).toContain('u.deleted_at is null');
  });
});

describe('auth users page', () => {
  it('keeps a page of rows and starts the next after the last one only when another row came back', () => {
    const full = Array.from({ length: AUTH_USERS_PAGE_SIZE + 1 }, (_, i) => row(i));
    const page = toAuthUsersPage(full);
    expect(page.users).toHaveLength(AUTH_USERS_PAGE_SIZE);
    expect(page.next).toEqual({ key: `key${AUTH_USERS_PAGE_SIZE - 1}`, id: full[AUTH_USERS_PAGE_SIZE - 1]!.id });
    expect(toAuthUsersPage(full.slice(0, AUTH_USERS_PAGE_SIZE)).next).toBeNull();
    expect(toAuthUsersPage([])).toEqual({ users: [], next: null });
  });
});

describe('auth users rules', () => {
  it('lets developers and up write (they may hold the service_role key); read-only members only read', () => {
    expect(canManageAuthUsers('owner')).toBe(true);
    expect(canManageAuthUsers('administrator')).toBe(true);
    expect(canManageAuthUsers('developer')).toBe(true);
    expect(canManageAuthUsers('read_only')).toBe(false);
    expect(canManageAuthUsers(undefined)).toBe(false);
  });

  it('labels users and providers, and formats dates', () => {
    expect(authUserLabel({ id: ID, email: 'a@example.com', phone: '1' })).toBe('a@example.com');
    expect(authUserLabel({ id: ID, email: null, phone: '+4412' })).toBe('+4412');
    expect(authUserLabel({ id: ID, email: null, phone: null })).toBe(ID);
    expect(providersLabel(['email'])).toBe('Email');
    expect(providersLabel([])).toBe('-');
    expect(formatUserDate(null)).toBe('-');
    expect(formatUserDate('2026-01-02T03:04:05Z', 'UTC')).toBe('2026-01-02 03:04:05');
  });
});
