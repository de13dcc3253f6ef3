import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { createEmptyActor, type AnyActorRef } from 'xstate';
import type { SessionActor } from '../../actors/session.ts';
import {
  selectCanEnterConsole,
  selectIsCheckingAssurance,
  selectIsLoading,
  selectNeedsMfa,
  type SessionSnapshot,
} from '../../../machines/session.selectors.ts';
import { selectIsBusy, selectMode } from '../../../machines/sign-in.selectors.ts';
import { PlainButton as Button } from '../../ui/PlainButton.tsx';
import { ActionLink, AuthCard, AuthLink, authCss as css } from './AuthCard.tsx';
import { CodeStep, EmailField, FormMessage, MachineForm, PasswordField, useIsAwaitingCode, type SignInActorRef } from './SignInFlow.tsx';
import { useAuthSession } from './useAuthSession.ts';
import { useSignInActor } from './useSignInActor.ts';

export interface SignInPageProps {
  /** Where to go once signed in (the route's returnTo). */
  redirect?: string;
  onDone: (redirect: string) => void;
  /** The app's session actor; defaults to the router context's. */
  session?: SessionActor;
}

const noSession = createEmptyActor();

/** What the page needs from the session: still loading, already in, or an aal1 session awaiting its TOTP code. */
function useSessionStanding(session: SessionActor | undefined) {
  const ref = (session ?? noSession) as AnyActorRef;
  const pick = <T,>(select: (s: SessionSnapshot) => T, fallback: T) => (s: unknown) => (session ? select(s as SessionSnapshot) : fallback);
  return {
    loading: useSelector(ref, pick((s) => selectIsLoading(s) || selectIsCheckingAssurance(s), false)),
    signedIn: useSelector(ref, pick(selectCanEnterConsole, false)),
    needsMfa: useSelector(ref, pick(selectNeedsMfa, false)),
  };
}

export function SignInPage({ redirect, onDone, session: sessionProp }: SignInPageProps) {
  const session = useAuthSession(sessionProp);
  const standing = useSessionStanding(session);
  const target = redirect ?? '/';

  // Signed in elsewhere (another tab, the e-mailed link): nothing to do here.
  useEffect(() => {
    if (standing.signedIn) onDone(target);
  }, [standing.signedIn, onDone, target]);

  // Wait for the session once, so an aal1 session with a verified factor opens on the TOTP challenge; later
  // reloads of the session (a sign-in in progress) must not unmount the form.
  const [started, setStarted] = useState(!standing.loading);
  useEffect(() => {
    if (!standing.loading) setStarted(true);
  }, [standing.loading]);
  if (!started && standing.loading) {
    return <AuthCard title="Sign in to Strata" subtitle="Checking your session…">{null}</AuthCard>;
  }
  return (
    <SignInForms
      key={standing.needsMfa ? 'mfa' : 'form'}
      redirect={target}
      onDone={onDone}
      startWithMfa={standing.needsMfa}
      session={session}
    />
  );
}

function SignInForms({ redirect, onDone, startWithMfa, session }: { redirect: string; onDone: (redirect: string) => void; startWithMfa: boolean; session: SessionActor | undefined }) {
  const actor = useSignInActor({ mode: startWithMfa ? 'mfa' : 'password', redirect });
  const mode = useSelector(actor, selectMode);
  const awaitingCode = useIsAwaitingCode(actor);

  // The machine says once that the sign-in is complete (issue 15), not a flag watched here.
  useEffect(() => {
    const finished = actor.on('signIn.done', () => onDone(redirect));
    return () => finished.unsubscribe();
  }, [actor, onDone, redirect]);

  if (awaitingCode) {
    const isTotp = mode === 'mfa';
    return (
      <AuthCard title={isTotp ? 'Two-factor authentication' : 'Check your email'}>
        {/* Leaving the TOTP challenge drops the half-signed-in (aal1) session. */}
        <CodeStep actor={actor} onCancel={isTotp ? () => session?.send({ type: 'session.signOut', scope: 'local' }) : undefined} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Strata account">
      {mode === 'magicLink' ? <EmailCodeForm actor={actor} /> : <PasswordForm actor={actor} />}
      <p className={css.footer}>
        Don't have an account? <AuthLink to="/sign-up">Sign up</AuthLink>
      </p>
    </AuthCard>
  );
}

function PasswordForm({ actor }: { actor: SignInActorRef }) {
  const busy = useSelector(actor, selectIsBusy);
  return (
    <MachineForm actor={actor}>
      <EmailField actor={actor} autoFocus />
      <PasswordField actor={actor} />
      <div className={css.row}>
        <span />
        <AuthLink to="/forgot-password">Forgot password?</AuthLink>
      </div>
      <FormMessage actor={actor} />
      <Button type="submit" variant="primary" block isPending={busy}>
        Sign in
      </Button>
      <ActionLink onPress={() => actor.send({ type: 'form.switchMode', mode: 'magicLink' })}>Sign in with email code</ActionLink>
    </MachineForm>
  );
}

function EmailCodeForm({ actor }: { actor: SignInActorRef }) {
  const busy = useSelector(actor, selectIsBusy);
  return (
    <MachineForm actor={actor}>
      <p className={css.subtitle}>We'll email you a 6-digit code (and a link) to sign in.</p>
      <EmailField actor={actor} autoFocus />
      <FormMessage actor={actor} />
      <Button type="submit" variant="primary" block isPending={busy}>
        Send code
      </Button>
      <ActionLink onPress={() => actor.send({ type: 'form.switchMode', mode: 'password' })}>Sign in with password</ActionLink>
    </MachineForm>
  );
}
