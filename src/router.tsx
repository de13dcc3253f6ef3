import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { parseSearchString, stringifySearch } from './domain/navigation/search.ts';
import type { AppContext } from './app-context.ts';
import { NotFoundPage } from './views/errors/ErrorPage.tsx';
import { ApplicationErrorPage } from './views/errors/ApplicationErrorPage.tsx';

// spec A2.1: the console lives under /dashboard; query keys in kebab-case are read camelCase and, of several
// values, the first wins (parseSearchString). Shallow query updates use navigate({ search, replace: true }).
export function createAppRouter(context: AppContext) {
  return createRouter({
    routeTree,
    basepath: '/dashboard',
    context,
    parseSearch: (search) => parseSearchString(search),
    stringifySearch: (search) => stringifySearch(search as Record<string, unknown>),
    defaultPreload: 'intent',
    defaultPreloadDelay: 75, // spec C9: link prefetch after 75 ms hover
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ApplicationErrorPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page title of spec A2.3 ('{page title} | Strata'). */
    title?: string;
  }
}
