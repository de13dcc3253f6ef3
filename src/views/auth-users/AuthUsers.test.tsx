// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/types.ts';
import type { AuthUserRow, AuthUsersPage, AuthUsersPageRequest } from '../../domain/auth-users.ts';

// The Users page (issue 18) with its effects replaced: the list's page reads and the member's role.
const h = vi.hoisted(() => ({
  role: 'owner' as string | undefined,
  requests: [] as AuthUsersPageRequest[],
  answer: null as null | ((request: AuthUsersPageRequest) => Promise<AuthUsersPage>),
}));
vi.mock('../shared/useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
// The editors' impersonation actor (the pure machine, as the project layout runs it) and the router's navigate.
const nav = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => (to: unknown) => {
    nav.calls.push(to);
    return Promise.resolve();
  },
}));
const impersonation = vi.hoisted(() => ({ actor: null as null | import('xstate').AnyActorRef }));
vi.mock('../editor/ImpersonationContext.tsx', async () => {
  const { createActor } = await import('xstate');
  const { roleImpersonationMachine } = await import('../../../machines/role-impersonation.machine.ts');
  impersonation.actor = createActor(roleImpersonationMachine, { input: { recentSearches: [] } }).start();
  return { useImpersonation: () => impersonation.actor };
});
vi.mock('../shared/ProjectPausedCard.tsx', () => ({ ProjectPausedCard: () => <p>paused project card</p> }));
vi.mock('../shared/ProjectStatusContext.tsx', async () => {
  const { createActor, createMachine } = await import('xstate');
  const paused = createActor(createMachine({ context: { status: 'INACTIVE' } })).start();
  return { useProjectStatusActor: () => paused };
});
vi.mock('../../actors/auth-users.ts', async (original) => {
  const real = await original<typeof import('../../actors/auth-users.ts')>();
  return {
    ...real,
    authUserListFor: (ref: string) =>
      real.authUserListFor(ref, async (_ref, request) => {
        h.requests.push(request);
        return h.answer!(request);
      }),
  };
});

const { AuthUsers, AuthUsersPage } = await import('./AuthUsersPage.tsx');

const project = { ref: 'abc', name: 'P', status: 'ACTIVE_HEALTHY', organization_id: 1, organization_slug: 'org' } as unknown as Project;
const ADA: AuthUserRow = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  phone: null,
  providers: ['email'],
  created_at: '2026-01-02T10:00:00Z',
  last_sign_in_at: null,
  sort_key: '2026-01-02 10:00:00+00',
};

beforeEach(() => {
  nav.calls = [];
  impersonation.actor?.send({ type: 'impersonation.clear' });
  h.role = 'owner';
  h.requests = [];
  h.answer = async () => ({ users: [ADA], next: null });
});

describe('Authentication → Users page (issue 18)', () => {
  it('lists the users with their columns and a copyable id', async () => {
    render(<AuthUsers project={project} />);
    expect(await screen.findByRole('button', { name: 'View user ada@example.com' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'Phone', 'Provider', 'Created', 'Last sign in', 'User ID', 'Actions']);
    expect(screen.getByText(ADA.id)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy user ID of ${ADA.email}` })).toBeTruthy();
    expect(h.requests[0]).toEqual({ search: '', sort: { column: 'created_at', direction: 'desc' }, after: null });
  });

  it('shows the empty state of a project without users', async () => {
    h.answer = async () => ({ users: [], next: null });
    render(<AuthUsers project={project} />);
    expect(await screen.findByRole('heading', { name: 'No users in your project' })).toBeTruthy();
  });

  it('shows a failure with Retry, which reads the page again', async () => {
    h.answer = async () => {
      throw new Error('permission denied for schema auth');
    };
    render(<AuthUsers project={project} />);
    expect(await screen.findByText('Error: permission denied for schema auth')).toBeTruthy();
    h.answer = async () => ({ users: [ADA], next: null });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'View user ada@example.com' })).toBeTruthy();
    expect(h.requests).toHaveLength(2);
  });

  it('loads the next page after the last row', async () => {
    const next = { key: ADA.sort_key, id: ADA.id };
    const BOB = { ...ADA, id: '22222222-2222-4222-8222-222222222222', email: 'bob@example.com' };
    h.answer = async (request) => (request.after ? { users: [BOB], next: null } : { users: [ADA], next });
    render(<AuthUsers project={project} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'View user bob@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View user ada@example.com' })).toBeTruthy();
    expect(h.requests[1]?.after).toEqual(next);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a read-only member cannot add users', async () => {
    h.role = 'read_only';
    render(<AuthUsers project={project} />);
    await screen.findByRole('button', { name: 'View user ada@example.com' });
    const add = screen.getByRole('button', { name: 'Add user' });
    expect(add.hasAttribute('disabled') || add.getAttribute('data-disabled') !== null).toBe(true);
    expect(screen.getByRole('img', { name: 'You need additional permissions to manage users' })).toBeTruthy();
  });

  it('Impersonate user in the detail panel gives the editors this user as the authenticated role and opens the table editor', async () => {
    h.role = 'read_only'; // reading as a user is not a write: a read-only member may too
    render(<AuthUsers project={project} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View user ada@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate user' }));
    expect(impersonation.actor!.getSnapshot().context.choice).toEqual({
      type: 'postgrest',
      role: 'authenticated',
      user: { id: ADA.id, email: ADA.email },
    });
    expect(nav.calls).toEqual([{ to: '/project/$ref/editor', params: { ref: 'abc' } }]);
  });

  it('a paused project shows the shared paused card and reads no users', () => {
    render(<AuthUsersPage project={project} />);
    expect(screen.getByText('paused project card')).toBeTruthy();
    expect(h.requests).toEqual([]);
  });

  it('searches what is typed', async () => {
    render(<AuthUsers project={project} />);
    await screen.findByRole('button', { name: 'View user ada@example.com' });
    h.answer = async () => ({ users: [], next: null });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' zed ' } });
    await waitFor(() => expect(h.requests.at(-1)?.search).toBe('zed'), { timeout: 2000 });
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeTruthy();
  });
});
