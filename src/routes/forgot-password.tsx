import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { safeReturnTo } from '../domain/return-to.ts';
import { ForgotPasswordPage } from '../views/auth/ForgotPasswordPage.tsx';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: 'Reset password' },
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  return <ForgotPasswordPage session={session} onDone={(target: string) => void navigate({ href: safeReturnTo(target) })} />;
}
