// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../api/types.ts';
import type { RoleRow } from '../../../domain/database/roles.ts';

// Database → Roles (issue 19) on a shared cluster with its effects replaced: the platform runs the project's own
// roles' writes; the dialog's request carries the SQL shown.
const h = vi.hoisted(() => ({
  role: 'owner' as string | undefined,
  canManage: false,
  runs: [] as Array<{ query: string; request: unknown }>,
  roles: [] as RoleRow[],
}));
vi.mock('../../shared/useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
vi.mock('../../shared/ProjectPausedCard.tsx', () => ({ ProjectPausedCard: () => <p>paused project card</p> }));
vi.mock('../../shared/ProjectStatusContext.tsx', async () => {
  const { createActor, createMachine } = await import('xstate');
  const active = createActor(createMachine({ context: { status: 'ACTIVE_HEALTHY' } })).start();
  return { useProjectStatusActor: () => active };
});
vi.mock('../../../actors/database-admin.ts', async () => {
  const { taskWith } = await import('../../../../machines/task.machine.ts');
  return {
    rolesRead: taskWith(async () => ({ roles: h.roles, canManage: h.canManage, platform: { database: 'project_abc', owner: 'strata_abc', roles: ['mine'] } })),
    roleScriptTask: taskWith(async ({ query, label, request }: { query: string; label: string; request?: unknown }) => {
      h.runs.push({ query, request });
      return label;
    }),
  };
});

const { RolesPage } = await import('./RolesPage.tsx');

const project = { ref: 'abc', name: 'P', status: 'ACTIVE_HEALTHY', organization_id: 1, organization_slug: 'org' } as unknown as Project;
const row = (name: string): RoleRow => ({
  name, superuser: false, can_login: false, create_db: false, create_role: false, replication: false, bypass_rls: false,
  inherit: true, connection_limit: -1, valid_until: null, member_of: [],
});

beforeEach(() => {
  h.role = 'owner';
  h.canManage = false;
  h.runs = [];
  h.roles = [row('anon'), row('mine'), row('theirs')];
});

describe('Database → Roles on a shared cluster (issue 19)', () => {
  it('lists the reserved roles and the project\'s own, offers writes on its own only', async () => {
    render(<RolesPage project={project} />);
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(table.textContent).toContain('mine');
    expect(table.textContent).not.toContain('theirs');
    expect(screen.getByRole('button', { name: 'Edit role mine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit role anon' })).toBeNull();
    expect(screen.getByText(/the platform creates and changes the roles of this project/)).toBeTruthy();
  });

  it('creating shows the SQL with CONNECT on the project database and hands the platform that SQL with the form', async () => {
    render(<RolesPage project={project} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add role' }));
    await screen.findByRole('dialog', { name: 'Add a new role' });
    expect(screen.queryByRole('switch', { name: 'Can create roles' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Bypass Row Level Security' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'new one' } });
    const sql = screen.getByLabelText('SQL to run').textContent!;
    expect(sql).toContain('grant connect on database project_abc to "new one";');
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(h.runs).toHaveLength(1));
    expect(h.runs[0]!.query).toBe(sql);
    expect(h.runs[0]!.request).toMatchObject({ kind: 'create', draft: { name: 'new one' } });
  });

  it('read-only members get no writes', async () => {
    h.role = 'read_only';
    render(<RolesPage project={project} />);
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit role mine' })).toBeNull();
  });
});
