import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { AppContext } from '../app-context.ts';
import { NotFoundPage } from '../views/errors/ErrorPage.tsx';
import { ApplicationErrorPage } from '../views/errors/ApplicationErrorPage.tsx';
import { DocumentTitle } from '../views/shell/DocumentTitle.tsx';
import { Toasts } from '../ui/LazyToasts.tsx';

export const Route = createRootRouteWithContext<AppContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: ApplicationErrorPage,
});

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <Toasts />
    </>
  );
}
