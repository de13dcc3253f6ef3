// Authentication → Policies SQL (spec A2.7, issue 18): identifiers stay identifiers whatever their names; the
// expressions are the member's SQL, placed where the command takes them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POLICY_TEMPLATES,
  applyPolicyTemplate,
  createPolicySql,
  deletePolicyScript,
  draftFromPolicy,
  editPolicyScript,
  emptyPolicyDraft,
  policyDraftProblem,
  policyTablesQuery,
  setRlsScript,
  takesUsing,
  takesWithCheck,
  type PolicyDraft,
} from './auth-policies.ts';

const draft = (over: Partial<PolicyDraft> = {}): PolicyDraft => ({ ...emptyPolicyDraft('public', 'todos'), name: 'p', using: 'true', ...over });

describe('policy SQL', () => {
  it('creates a policy with the command, roles, permissive flag and expressions', () => {
    expect(createPolicySql(draft({ roles: ['authenticated', 'anon'] }))).toBe(
      'create policy p\non public.todos\nas permissive\nfor select\nto authenticated, anon\nusing (true)',
    );
    expect(createPolicySql(draft({ command: 'ALL', using: 'a', withCheck: 'b', permissive: false }))).toBe(
      'create policy p\non public.todos\nas restrictive\nfor all\nto public\nusing (a)\nwith check (b)',
    );
  });

  it('leaves out the expression a command does not take', () => {
    expect(createPolicySql(draft({ command: 'INSERT', using: 'x', withCheck: 'y' }))).toMatch(/for insert\nto public\nwith check \(y\)$/);
    expect(createPolicySql(draft({ command: 'SELECT', using: 'x', withCheck: 'y' }))).toMatch(/using \(x\)$/);
    expect(createPolicySql(draft({ command: 'DELETE', using: 'x', withCheck: 'y' }))).toMatch(/for delete\nto public\nusing \(x\)$/);
    expect([takesUsing('INSERT'), takesWithCheck('INSERT'), takesUsing('UPDATE'), takesWithCheck('UPDATE'), takesWithCheck('SELECT')]).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('quotes hostile names as identifiers (quotes, semicolons, unicode)', () => {
    const sql = createPolicySql(draft({ schema: 'sch"ema', table: 'x; drop table y; --', name: 'it\'s "évident" 🚀', roles: ['r"o;le'] }));
    expect(sql).toContain('create policy "it\'s ""évident"" 🚀"');
    expect(sql).toContain('on "sch""ema"."x; drop table y; --"');
    expect(sql).toContain('to "r""o;le"');
    expect(deletePolicyScript('a"b', 't;', 'n"').query).toBe('drop policy "n""" on "a""b"."t;";');
  });

  it('edits as drop and create in one transaction; RLS on and off', () => {
    expect(editPolicyScript({ schema: 'public', table: 'todos', name: 'old' }, draft({ name: 'new' })).query).toBe(
      'begin;\ndrop policy "old" on public.todos;\ncreate policy "new"\non public.todos\nas permissive\nfor select\nto public\nusing (true);\ncommit;',
    );
    expect(setRlsScript('public', 'to"dos', true).query).toBe('alter table public."to""dos" enable row level security;');
    expect(setRlsScript('public', 'todos', false).query).toBe('alter table public.todos disable row level security;');
  });

  it('reads with bind parameters only', () => {
    const statement = policyTablesQuery("pub'lic", "  o'; drop  ");
    expect(statement.parameters).toEqual(["pub'lic", "o'; drop"]);
    expect(statement.query).not.toContain("pub'lic");
  });

  it('templates fill the form, keeping the table', () => {
    const names = POLICY_TEMPLATES.map((t) => t.name);
    expect(names).toEqual([
      'Enable read access for all users',
      'Enable insert for authenticated users only',
      'Enable update for users based on user_id',
      'Enable delete for users based on user_id',
    ]);
    const filled = applyPolicyTemplate(emptyPolicyDraft('public', 'todos'), POLICY_TEMPLATES[3]!);
    expect(filled).toMatchObject({ table: 'todos', command: 'DELETE', roles: ['authenticated'], using: 'auth.uid() = user_id' });
    expect(policyDraftProblem(filled)).toBeNull();
  });

  it('says what a draft lacks', () => {
    expect(policyDraftProblem(draft({ name: ' ' }))).toMatch(/name/);
    expect(policyDraftProblem(draft({ command: 'SELECT', using: '' }))).toMatch(/USING/);
    expect(policyDraftProblem(draft({ command: 'INSERT', withCheck: '' }))).toMatch(/WITH CHECK/);
    expect(policyDraftProblem(draft({ command: 'ALL', using: '', withCheck: 'x' }))).toBeNull();
  });

  it('reads a catalog policy back into a draft (public is the empty role list)', () => {
    expect(
      draftFromPolicy({ schema: 's', name: 't' }, { name: 'n', command: 'UPDATE', roles: ['public'], using: 'a', with_check: null, permissive: false }),
    ).toEqual({ schema: 's', table: 't', name: 'n', command: 'UPDATE', roles: [], using: 'a', withCheck: '', permissive: false });
  });
});

/** Reads back one identifier as Postgres would: bare (folded to lower case) or double-quoted with "" for ". */
function readIdent(sql: string): { name: string; rest: string } {
  if (sql.startsWith('"')) {
    let i = 1;
    let name = '';
    for (;;) {
      const quote = sql.indexOf('"', i);
      if (sql[quote + 1] === '"') {
        name += `${sql.slice(i, quote)}"`;
        i = quote + 2;
      } else return { name: name + sql.slice(i, quote), rest: sql.slice(quote + 1) };
    }
  }
  const bare = /^[a-z_][a-z0-9_$]*/.exec(sql)![0];
  return { name: bare, rest: sql.slice(bare.length) };
}

describe('policy SQL: properties', () => {
  it('any policy, schema and table name reads back as itself, and nothing follows it but the statement', () => {
    const name = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((n) => !n.includes('\0'));
    fc.assert(
      fc.property(name, name, name, (policy, schema, table) => {
        const sql = deletePolicyScript(schema, table, policy).query;
        const p = readIdent(sql.slice('drop policy '.length));
        expect(p.name).toBe(policy);
        expect(p.rest.startsWith(' on ')).toBe(true);
        const s = readIdent(p.rest.slice(' on '.length));
        expect(s.name).toBe(schema);
        const t = readIdent(s.rest.slice(1));
        expect(t.name).toBe(table);
        expect(t.rest).toBe(';');
      }),
      { numRuns: 300 },
    );
  });
});

