// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { OrganizationPermission } from '../../api/project-lifecycle.ts';
import type { Project } from '../../api/types.ts';
import { roleIn, useProjectRole } from './useProjectRole.ts';

// The member role of spec A6 comes from the project layout's loader (route data), not from a module-level cache
// (issue 15: no global stores): each console (router) sees its own user's memberships, and a sign-in as another
// user (router.invalidate) reads them again.

const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1, organization_slug: 'acme' };

function Role() {
  return <p data-testid="role">{useProjectRole(project) ?? 'unknown'}</p>;
}

/** A console whose project layout (route id /_app/project/$ref, as in the app) loads `read()` as the memberships. */
function consoleWith(read: () => Promise<OrganizationPermission[] | undefined>, path = '/project/abc') {
  const root = createRootRoute();
  const app = createRoute({ getParentRoute: () => root, id: '_app' });
  const projectLayout = createRoute({
    getParentRoute: () => app,
    path: 'project/$ref',
    loader: async () => ({ project, settings: null, permissions: await read() }),
    component: Role,
  });
  const elsewhere = createRoute({ getParentRoute: () => app, path: 'organizations', component: Role });
  return createRouter({
    routeTree: root.addChildren([app.addChildren([projectLayout, elsewhere])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

const owner: OrganizationPermission[] = [{ organization_id: 1, organization_slug: 'acme', role: 'owner' }];
const readOnly: OrganizationPermission[] = [{ organization_id: 1, organization_slug: 'acme', role: 'read_only' }];

describe('useProjectRole (spec A6)', () => {
  it('is the role in the project organization, by slug or id; unknown otherwise', () => {
    const memberships: OrganizationPermission[] = [
      { organization_id: 1, organization_slug: 'acme', role: 'owner' },
      { organization_id: 2, organization_slug: 'globex', role: 'read_only' },
    ];
    expect(roleIn(memberships, { organization_id: 9, organization_slug: 'acme' })).toBe('owner');
    expect(roleIn(memberships, { organization_id: 2 })).toBe('read_only');
    expect(roleIn(memberships, { organization_id: '2' })).toBe('read_only');
    expect(roleIn(memberships, { organization_id: 3, organization_slug: 'initech' })).toBeUndefined();
    expect(roleIn(undefined, { organization_id: 1 })).toBeUndefined();
  });

  it("two consoles on one page each see their own user's role: nothing is shared through the module", async () => {
    const first = render(
      <div data-testid="first">
        <RouterProvider router={consoleWith(async () => owner)} />
      </div>,
    );
    const second = render(
      <div data-testid="second">
        <RouterProvider router={consoleWith(async () => readOnly)} />
      </div>,
    );
    expect((await within(first.getByTestId('first')).findByText('owner')).textContent).toBe('owner');
    expect((await within(second.getByTestId('second')).findByText('read_only')).textContent).toBe('read_only');
  });

  it('another user signing in (router.invalidate) reads the memberships again', async () => {
    let memberships = owner;
    let reads = 0;
    const router = consoleWith(async () => {
      reads += 1;
      return memberships;
    });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('role')).textContent).toBe('owner');
    memberships = readOnly;
    await act(() => router.invalidate());
    expect(screen.getByTestId('role').textContent).toBe('read_only');
    expect(reads).toBe(2);
  });

  it('a failed read leaves the role unknown (controls stay off); outside a project route it is unknown', async () => {
    const failed = render(<RouterProvider router={consoleWith(async () => undefined)} />);
    expect((await within(failed.container).findByTestId('role')).textContent).toBe('unknown');
    const elsewhere = render(<RouterProvider router={consoleWith(async () => owner, '/organizations')} />);
    expect((await within(elsewhere.container).findByTestId('role')).textContent).toBe('unknown');
  });
});
