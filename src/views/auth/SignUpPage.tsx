import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectError, selectIsBusy, selectIsDone, selectNotice } from '../../../machines/sign-in.selectors.ts';
import { PlainButton as Button } from '../../ui/PlainButton.tsx';
import { AuthCard, AuthLink, FormError, FormNotice, authCss as css } from './AuthCard.tsx';
import { EmailField, MachineForm, PasswordField } from './SignInFlow.tsx';
import { useSignInActor } from './useSignInActor.ts';

export interface SignUpPageProps {
  redirect?: string;
  /** Called when the sign-up signed the user in at once (no e-mail confirmation needed). */
  onDone?: (redirect: string) => void;
}

export function SignUpPage({ redirect, onDone }: SignUpPageProps) {
  const actor = useSignInActor({ mode: 'signUp', redirect });
  const done = useSelector(actor, selectIsDone);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);
  const target = redirect ?? '/';

  // The machine says once that the sign-up is complete (issue 15); with a notice to read, the page stays to show it.
  useEffect(() => {
    const finished = actor.on('signIn.done', (event) => {
      if (!event.notice) onDone?.(target);
    });
    return () => finished.unsubscribe();
  }, [actor, onDone, target]);

  if (done && notice) {
    return (
      <AuthCard title="Check your email">
        <FormNotice>{notice}</FormNotice>
        <p className={css.footer}>
          <AuthLink to="/sign-in">Back to sign in</AuthLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Get started" subtitle="Create a Strata account">
      <MachineForm actor={actor}>
        <EmailField actor={actor} autoFocus />
        <PasswordField actor={actor} autoComplete="new-password" />
        {/* The platform's weak_password message already names each reason (spec A8): shown once, without the
            reasons list under it that repeated them (issue 15). */}
        <FormError message={error} />
        <Button type="submit" variant="primary" block isPending={busy}>
          Sign up
        </Button>
      </MachineForm>
      <p className={css.footer}>
        Have an account? <AuthLink to="/sign-in">Sign in</AuthLink>
      </p>
    </AuthCard>
  );
}
