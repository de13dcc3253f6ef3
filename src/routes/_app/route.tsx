import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { fetchOrganizations } from '../../api/platform.ts';
import { ORGANIZATIONS_STALE_MS } from '../../domain/cache.ts';
import { settledSession } from '../../actors/session-ready.ts';
import { AppShell } from '../../views/shell/AppShell.tsx';
import { LazyUploadsProvider } from '../../views/storage/uploads/LazyUploadsProvider.tsx';
import { RouteError } from '../../views/errors/RouteError.tsx';

// Every page behind sign-in: wait for the session to settle (spec A4.11), send signed-out users to /sign-in
// with a way back, and load the organizations the header and the home link need.
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const state = await settledSession(context.session);
    if (!state.signedIn) {
      throw redirect({ to: '/sign-in', search: { returnTo: location.href } });
    }
    return { user: state.user };
  },
  loader: async () => ({ organizations: await fetchOrganizations() }),
  staleTime: ORGANIZATIONS_STALE_MS,
  component: AppLayout,
  errorComponent: RouteError,
});

function AppLayout() {
  // One upload queue for the whole console (issue 8): uploads go on while the user works on other pages. Its code
  // loads when a page that uploads first asks for it (issue 15).
  return (
    <LazyUploadsProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </LazyUploadsProvider>
  );
}
