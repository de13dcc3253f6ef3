// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from './ErrorPage.tsx';
import { ApplicationErrorPage } from './ApplicationErrorPage.tsx';
import { RouteError } from './RouteError.tsx';
import { ApiError } from '../../api/client.ts';
import { BadRequestError, assertOrgSlugParam, assertProjectRefParam } from '../../domain/error-pages.ts';

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

describe('route failures shown as the error pages (spec A2.14)', () => {
  function renderProjectRoute(path: string, loader: () => Promise<unknown>) {
    const root = createRootRoute();
    const project = createRoute({
      getParentRoute: () => root,
      path: '/project/$ref',
      beforeLoad: ({ params }) => assertProjectRefParam(params.ref),
      loader,
      component: () => <p>the project page</p>,
      errorComponent: RouteError,
    });
    const router = createRouter({
      routeTree: root.addChildren([project]),
      history: createMemoryHistory({ initialEntries: [path] }),
      defaultNotFoundComponent: NotFoundPage,
      defaultErrorComponent: ApplicationErrorPage,
    });
    return render(<RouterProvider router={router} />);
  }

  it('a malformed project ref is the 400 page, and nothing is asked of the platform', async () => {
    let asked = 0;
    renderProjectRoute('/project/NOT-a-ref', async () => (asked += 1));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe('400');
    expect(alert.textContent).toContain('Bad Request');
    expect(asked).toBe(0);
  });

  it('a platform failure (500) is the 500 page; Try again loads the route anew', async () => {
    let calls = 0;
    renderProjectRoute('/project/abcdefghijabcdefghij', async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('Internal server error', 500, { message: 'Internal server error' });
      return null;
    });
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe('500');
    expect(alert.textContent).toContain('Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the project page')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('a 503 keeps the generic error alert', async () => {
    renderProjectRoute('/project/abcdefghijabcdefghij', async () => {
      throw new ApiError('503 Service Unavailable', 503, null);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Error: 503 Service Temporarily Unavailable');
  });

  it('an organization slug check refuses what cannot be a slug', () => {
    expect(() => assertOrgSlugParam('acme-1')).not.toThrow();
    expect(() => assertOrgSlugParam('Acme Corp')).toThrow(BadRequestError);
    expect(() => assertProjectRefParam('default')).not.toThrow();
    expect(() => assertProjectRefParam('abc')).toThrow(BadRequestError);
  });
});
