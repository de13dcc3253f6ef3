import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { compact, str } from '../search-params.ts';
import { SignInPage } from '../views/auth/SignInPage.tsx';

export const Route = createFileRoute('/sign-in')({
  staticData: { title: 'Sign in' },
  validateSearch: (raw: Record<string, unknown>) => compact({ returnTo: str(raw, 'returnTo') }),
  component: SignInRoute,
});

function SignInRoute() {
  const { returnTo } = Route.useSearch();
  const navigate = useNavigate();
  return <SignInPage redirect={returnTo} onDone={(target) => void navigate({ href: safeReturnTo(target) })} />;
}

/** Only same-app paths are followed after sign-in (no open redirect). */
function safeReturnTo(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  return target.replace(/^\/dashboard(?=\/|$)/, '') || '/';
}
