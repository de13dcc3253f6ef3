import { useSelector } from '@xstate/react';
import { createEmptyActor, type AnyActorRef } from 'xstate';
import type { SessionActor } from '../../actors/session.ts';
import { selectIsPasswordRecovery, type SessionSnapshot } from '../../../machines/session.selectors.ts';
import { selectIsBusy, selectIsDone, selectNotice } from '../../../machines/sign-in.selectors.ts';
import { PlainButton as Button } from '../../ui/PlainButton.tsx';
import { AuthCard, AuthLink, FormNotice, authCss as css } from './AuthCard.tsx';
import { EmailField, FormMessage, MachineForm, PasswordField } from './SignInFlow.tsx';
import { useAuthSession } from './useAuthSession.ts';
import { useSignInActor } from './useSignInActor.ts';

export interface ForgotPasswordPageProps {
  /** Called with '/' when the user continues after setting a new password. */
  onDone?: (redirect: string) => void;
  session?: SessionActor;
}

const noSession = createEmptyActor();

/** Asks for the reset e-mail; on PASSWORD_RECOVERY (the e-mailed link was followed) asks for the new password. */
export function ForgotPasswordPage({ onDone, session: sessionProp }: ForgotPasswordPageProps) {
  const session = useAuthSession(sessionProp);
  const recovery = useSelector((session ?? noSession) as AnyActorRef, (s: unknown) =>
    session ? selectIsPasswordRecovery(s as SessionSnapshot) : false,
  );
  // Remounted when recovery starts: the reset form is a fresh form.
  return recovery ? <ResetPasswordForm key="reset" onDone={onDone} /> : <RequestResetForm key="request" />;
}

function RequestResetForm() {
  const actor = useSignInActor({ mode: 'forgotPassword' });
  const done = useSelector(actor, selectIsDone);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <AuthCard title="Reset your password" subtitle="Type in your email and we'll send you a link to reset your password">
      {done && notice ? (
        <FormNotice>{notice}</FormNotice>
      ) : (
        <MachineForm actor={actor}>
          <EmailField actor={actor} autoFocus />
          <FormMessage actor={actor} />
          <Button type="submit" variant="primary" block isPending={busy}>
            Send reset email
          </Button>
        </MachineForm>
      )}
      <p className={css.footer}>
        <AuthLink to="/sign-in">Back to sign in</AuthLink>
      </p>
    </AuthCard>
  );
}

function ResetPasswordForm({ onDone }: { onDone?: (redirect: string) => void }) {
  const actor = useSignInActor({ mode: 'resetPassword' });
  const done = useSelector(actor, selectIsDone);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <>
          <FormNotice>{notice}</FormNotice>
          <Button variant="primary" block onPress={() => onDone?.('/')}>
            Continue
          </Button>
        </>
      ) : (
        <MachineForm actor={actor}>
          <PasswordField actor={actor} label="New password" autoComplete="new-password" />
          <FormMessage actor={actor} />
          <Button type="submit" variant="primary" block isPending={busy}>
            Update password
          </Button>
        </MachineForm>
      )}
    </AuthCard>
  );
}
