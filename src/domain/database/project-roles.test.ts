// The project-role builders (issue 19): what the Roles dialogs show and the platform runs on a shared cluster.
import { describe, expect, it } from 'vitest';
import {
  createProjectRoleScript,
  createProjectRoleStatements,
  dropProjectRoleScript,
  editProjectRoleScript,
  emptyRoleDraft,
  projectRoleAttributeProblem,
  projectVisibleRoles,
  type RoleRow,
} from './roles.ts';

const draft = { ...emptyRoleDraft(), name: `it's "x"`, canLogin: true, password: "p'w" };

describe('project roles', () => {
  it('creates the role and gives it CONNECT on the project database only, identifiers and literals quoted', () => {
    expect(createProjectRoleScript(draft, 'project_abc').query).toBe(
      [
        'begin;',
        `create role "it's ""x""" with login nocreatedb nocreaterole noreplication nobypassrls inherit connection limit -1 valid until 'infinity' password 'p''w';`,
        `grant connect on database project_abc to "it's ""x""";`,
        'commit;',
      ].join('\n'),
    );
  });

  it('refuses attributes that reach beyond the project, on create and on edit', () => {
    for (const key of ['createDb', 'createRole', 'replication', 'bypassRls'] as const) {
      expect(projectRoleAttributeProblem({ ...draft, [key]: true })).toMatch(/cannot/);
      expect(() => createProjectRoleStatements({ ...draft, [key]: true }, 'project_abc')).toThrow(/cannot/);
      expect(() => editProjectRoleScript({ ...draft, password: '' }, { ...draft, password: '', [key]: true })).toThrow(/cannot/);
    }
    expect(projectRoleAttributeProblem(draft)).toBeNull();
  });

  it('refuses the shared and reserved names', () => {
    for (const name of ['anon', 'authenticated', 'service_role', 'authenticator', 'postgres', 'PUBLIC', 'pg_x', 'strata_x']) {
      expect(() => createProjectRoleStatements({ ...draft, name }, 'project_abc'), name).toThrow(/reserved/);
    }
    expect(() => editProjectRoleScript({ ...draft, password: '' }, { ...draft, password: '', name: 'anon' })).toThrow(/reserved/);
  });

  it('drops after revoking the CONNECT it was given', () => {
    expect(dropProjectRoleScript('r 1', 'project_abc').query).toBe('begin;\nrevoke connect on database project_abc from "r 1";\ndrop role "r 1";\ncommit;');
  });

  it('lists the reserved roles and the project\'s own, not other tenants\'', () => {
    const row = (name: string, superuser = false): RoleRow => ({
      name, superuser, can_login: false, create_db: false, create_role: false, replication: false, bypass_rls: false,
      inherit: true, connection_limit: -1, valid_until: null, member_of: [],
    });
    const rows = [row('anon'), row('pg_monitor'), row('admin', true), row('mine'), row('theirs')];
    expect(projectVisibleRoles(rows, ['mine']).map((r) => r.name)).toEqual(['anon', 'pg_monitor', 'admin', 'mine']);
  });
});
