import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { compact, str } from '../search-params.ts';
import { safeReturnTo } from '../domain/return-to.ts';
import { SignInPage } from '../views/auth/SignInPage.tsx';

export const Route = createFileRoute('/sign-in')({
  staticData: { title: 'Sign in' },
  validateSearch: (raw: Record<string, unknown>) => compact({ returnTo: str(raw, 'returnTo') }),
  component: SignInRoute,
});

function SignInRoute() {
  const { returnTo } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <SignInPage session={session} redirect={returnTo} onDone={(target: string) => void navigate({ href: safeReturnTo(target) })} />
  );
}
