import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { compact, str } from '../search-params.ts';
import { safeReturnTo } from '../domain/return-to.ts';
import { SignUpPage } from '../views/auth/SignUpPage.tsx';

export const Route = createFileRoute('/sign-up')({
  staticData: { title: 'Sign up' },
  validateSearch: (raw: Record<string, unknown>) => compact({ returnTo: str(raw, 'returnTo') }),
  component: SignUpRoute,
});

function SignUpRoute() {
  const { returnTo } = Route.useSearch();
  const navigate = useNavigate();
  return <SignUpPage redirect={returnTo} onDone={(target: string) => void navigate({ href: safeReturnTo(target) })} />;
}
