import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildClaims, rememberSearch, RECENT_USER_SEARCHES_MAX, toQueryImpersonation } from './impersonation.ts';

const project = { ref: 'abcdefghijklmnopqrst', endpoint: 'http://127.0.0.1:54321/p/abcdefghijklmnopqrst/' };

describe('role impersonation rules', () => {
  it('builds claims for the project, with the subject when a user is chosen', () => {
    expect(buildClaims('anon', project, undefined, 1000)).toEqual({
      iss: 'http://127.0.0.1:54321/p/abcdefghijklmnopqrst/auth/v1',
      ref: project.ref,
      role: 'anon',
      aud: 'anon',
      iat: 1000,
      exp: 4600,
    });
    expect(buildClaims('anon', { ref: 'r', endpoint: '' }, undefined, 0)).not.toHaveProperty('iss');
    expect(buildClaims('authenticated', project, { id: 'u1', email: 'a@b.c' }, 0)).toMatchObject({
      sub: 'u1', email: 'a@b.c', aud: 'authenticated', aal: 'aal1',
    });
  });

  it('maps a choice to the query field: none → nothing; the hook keeps its names untouched (the server quotes them)', () => {
    expect(toQueryImpersonation({ type: 'none' }, project, 0)).toBeUndefined();
    expect(toQueryImpersonation({ type: 'postgrest', role: 'service_role' }, project, 0)).toMatchObject({ role: 'service_role' });
    const hook = toQueryImpersonation({ type: 'postgres', role: 'authenticated', schema: 'a"b', functionName: 'c; d' }, project, 0);
    expect(hook?.hook).toEqual({ schema: 'a"b', functionName: 'c; d' });
  });

  it('property: remembered searches are unique, newest first and capped', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 40 }), (searches) => {
        let list: string[] = [];
        for (const search of searches) list = rememberSearch(list, search);
        expect(new Set(list).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(RECENT_USER_SEARCHES_MAX);
        const last = searches.map((s) => s.trim()).filter((s) => s !== '').at(-1);
        if (last !== undefined) expect(list[0]).toBe(last);
      }),
    );
  });
});
