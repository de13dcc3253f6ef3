// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// What the chrome reads from the router (issue 25): a navigation that changes none of it (another search on the same
// page) neither re-renders its reader nor gives it a new object, so the header and sidebar (memo) stay as they are.
import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { Organization, Project } from '../../api/types.ts';
import { LiveProjectStatusProvider } from './ProjectStatusContext.tsx';
import { useShellData, type ShellData } from './useShellData.ts';

window.scrollTo = () => {};

const organizations: Organization[] = [{ id: 1, slug: 'acme', name: 'Acme' } as Organization];
const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1 };

describe('useShellData', () => {
  it('keeps its object, and its reader unrendered, across a navigation that changes nothing it holds', async () => {
    const seen: ShellData[] = [];
    function Chrome() {
      const data = useShellData();
      seen.push(data);
      return <p data-testid="chrome">{`${data.organization?.slug}/${data.project?.name}/${data.pathname}`}</p>;
    }
    const root = createRootRoute({ component: () => <Outlet /> });
    const app = createRoute({
      getParentRoute: () => root,
      id: '_app',
      loader: () => ({ organizations }),
      component: () => (
        <LiveProjectStatusProvider>
          <Chrome />
          <Outlet />
        </LiveProjectStatusProvider>
      ),
    });
    const projectRoute = createRoute({
      getParentRoute: () => app,
      path: 'project/$ref',
      validateSearch: (raw: Record<string, unknown>) => ({ tab: typeof raw.tab === 'string' ? raw.tab : undefined }),
      loader: () => ({ project }),
      component: () => <span>page</span>,
    });
    const router = createRouter({ routeTree: root.addChildren([app.addChildren([projectRoute])]), history: createMemoryHistory({ initialEntries: ['/project/abc'] }) });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('chrome')).textContent).toBe('acme/Storefront//project/abc');
    const before = seen.length;
    const shown = seen.at(-1);
    // The app's registered router types navigate(); this test's router is its own.
    const navigate = router.navigate as unknown as (options: { to: string; search: Record<string, string> }) => Promise<void>;
    await act(() => navigate({ to: '/project/abc', search: { tab: 'other' } }));
    expect(router.state.location.search).toEqual({ tab: 'other' });
    expect(seen.length).toBe(before);
    expect(seen.at(-1)).toBe(shown);
  });
});
