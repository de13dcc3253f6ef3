// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from './ErrorPage.tsx';
import { ApplicationErrorPage } from './ApplicationErrorPage.tsx';

// The error pages of spec A2.14, rendered in a router as the console renders them.
const broken = { now: false };
function renderRoutes(path: string, options: { code?: number } = {}) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/page',
    component: () => {
      if (broken.now) throw new Error('secret-token-abc in a stack');
      return options.code ? <ErrorPage code={options.code} /> : <p>the page itself</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ApplicationErrorPage,
  });
  return render(<RouterProvider router={router} />);
}

describe('error pages (spec A2.14)', () => {
  it.each([
    [400, 'Bad Request'],
    [404, 'This page could not be found'],
    [405, 'Method Not Allowed'],
    [500, 'Internal Server Error'],
  ])('%i reads "%s"', async (code, wording) => {
    renderRoutes('/page', { code });
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe(String(code));
    expect(alert.textContent).toContain(wording);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
  });

  it('an unknown path is the 404 page', async () => {
    renderRoutes('/no/such/page');
    expect((await screen.findByRole('alert')).textContent).toContain('404This page could not be found');
  });

  it('a view that throws shows the client-exception fallback, never the error, and Try again renders it anew', async () => {
    broken.now = true;
    renderRoutes('/page');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Application error: a client-side exception has occurred');
    expect(document.body.textContent).not.toContain('secret-token-abc');
    broken.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the page itself')).toBeTruthy();
  });
});
