import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SignInField, SignInMachine } from '../../../machines/sign-in.machine.ts';
import {
  selectCode,
  selectEmail,
  selectError,
  selectIsAwaitingCode,
  selectIsBusy,
  selectMode,
  selectPassword,
  selectReasons,
} from '../../../machines/sign-in.selectors.ts';
import { AUTH_MESSAGES } from '../../domain/auth-forms.ts';
import { PlainButton as Button } from '../../ui/PlainButton.tsx';
import { PlainTextField as TextField } from '../../ui/PlainTextField.tsx';
import { ActionLink, FormError, authCss as css } from './AuthCard.tsx';

export type SignInActorRef = ActorRefFrom<SignInMachine>;

/** Sends form.edit for one field. */
function editField(actor: SignInActorRef, field: SignInField) {
  return (value: string) => actor.send({ type: 'form.edit', field, value });
}

/** A form that submits through the machine; native validation is off so the spec's messages show (spec A5). */
export function MachineForm({ actor, children }: { actor: SignInActorRef; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  // The field focused when the form was sent: its fields are disabled while the request runs, which drops the focus
  // to the body; when the request ends (a failure: success leaves the page) it goes back there (issue 24).
  const focusedAtSubmit = useRef<HTMLElement | null>(null);
  const busy = useSelector(actor, selectIsBusy);
  useEffect(() => {
    if (busy) return;
    const target = focusedAtSubmit.current;
    focusedAtSubmit.current = null;
    const active = document.activeElement;
    if (!target || (active && active !== document.body)) return;
    const field = target.isConnected && !target.matches(':disabled') ? target : form.current?.querySelector<HTMLElement>('input:not(:disabled)');
    field?.focus();
  }, [busy]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const active = document.activeElement;
    focusedAtSubmit.current = active instanceof HTMLElement && form.current?.contains(active) ? active : null;
    actor.send({ type: 'form.submit' });
  };
  return (
    <form ref={form} className={css.form} onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}

export function FormMessage({ actor }: { actor: SignInActorRef }) {
  const error = useSelector(actor, selectError);
  const reasons = useSelector(actor, selectReasons);
  return <FormError message={error} reasons={reasons} />;
}

export function EmailField({ actor, autoFocus }: { actor: SignInActorRef; autoFocus?: boolean }) {
  const email = useSelector(actor, selectEmail);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@example.com"
      value={email}
      onChange={editField(actor, 'email')}
      isDisabled={busy}
      autoFocus={autoFocus}
    />
  );
}

export function PasswordField({ actor, label = 'Password', autoComplete = 'current-password' }: { actor: SignInActorRef; label?: string; autoComplete?: string }) {
  const password = useSelector(actor, selectPassword);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <TextField
      label={label}
      type="password"
      name="password"
      autoComplete={autoComplete}
      value={password}
      onChange={editField(actor, 'password')}
      isDisabled={busy}
    />
  );
}

/** The 6-digit code step: the e-mailed code (magicLink) or the authenticator app's (mfa). */
export function CodeStep({ actor, onCancel }: { actor: SignInActorRef; onCancel?: () => void }) {
  const mode = useSelector(actor, selectMode);
  const code = useSelector(actor, selectCode);
  const busy = useSelector(actor, selectIsBusy);
  const email = useSelector(actor, selectEmail);
  const isTotp = mode === 'mfa';
  return (
    <MachineForm actor={actor}>
      <p className={css.subtitle}>
        {isTotp ? AUTH_MESSAGES.totpPrompt : `${AUTH_MESSAGES.emailCodePrompt}${email ? ` (${email})` : ''}.`}
      </p>
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={editField(actor, 'code')}
        isDisabled={busy}
        autoFocus
        monospace
      />
      <FormMessage actor={actor} />
      <Button type="submit" variant="primary" block isPending={busy}>
        Verify
      </Button>
      <div className={css.row}>
        {isTotp ? null : (
          <Button variant="ghost" size="small" onPress={() => actor.send({ type: 'form.resend' })} isDisabled={busy}>
            Send a new code
          </Button>
        )}
        <ActionLink
          onPress={() => {
            onCancel?.();
            actor.send({ type: 'form.back' });
          }}
        >
          {isTotp ? 'Use a different account' : 'Back'}
        </ActionLink>
      </div>
    </MachineForm>
  );
}

const selectOnCodeStep = (s: Parameters<typeof selectIsAwaitingCode>[0]) =>
  selectIsAwaitingCode(s) || s.matches({ submitting: 'verifyingCode' }) || s.matches({ submitting: 'verifyingTotp' });

export function useIsAwaitingCode(actor: SignInActorRef): boolean {
  return useSelector(actor, selectOnCodeStep);
}
