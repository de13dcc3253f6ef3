// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { controlledActors, type ActorController } from '../../../machines.test/support/controlled-actors.ts';
import { sessionMachine, type SessionEvent } from '../../../machines/session.machine.ts';

// The real auth client is replaced by controlled stubs: the views only send events to the sign-in machine.
const fakes = vi.hoisted(() => ({ current: undefined as unknown as ActorController }));
vi.mock('../../actors/session.ts', async () => {
  const { controlledActors } = await import('../../../machines.test/support/controlled-actors.ts');
  fakes.current = controlledActors({
    signInWithPassword: 'promise',
    sendEmailCode: 'promise',
    verifyEmailCode: 'promise',
    signUp: 'promise',
    sendPasswordReset: 'promise',
    updatePassword: 'promise',
    verifyTotp: 'promise',
  });
  return { signInActors: fakes.current.logic, mfaActors: {} };
});

const { SignInPage } = await import('./SignInPage.tsx');
const { SignUpPage } = await import('./SignUpPage.tsx');
const { ForgotPasswordPage } = await import('./ForgotPasswordPage.tsx');

afterEach(() => fakes.current.reset());

const settle = (id: string, output?: unknown) => act(() => fakes.current.resolve(id, output));
const fail = (id: string, error: unknown) => act(() => fakes.current.reject(id, error));

const emitSession = (controller: ActorController, event: SessionEvent) => controller.emit('authListener', event);

function sessionActor() {
  const session = controlledActors({ authListener: 'callback', checkAssurance: 'promise', signOut: 'promise', wipeStorage: 'promise' });
  const actor = createActor(sessionMachine.provide({ actors: session.logic }), { input: {} }).start();
  return { actor, session };
}

describe('SignInPage', () => {
  it('shows the spec message verbatim and sends nothing when the password is missing', async () => {
    const user = userEvent.setup();
    render(<SignInPage onDone={() => {}} />);
    expect(screen.getByText('Strata')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('You must provide either an email or phone number and a password');
    expect(fakes.current.starts()).toEqual([]);
  });

  it('submits email and password to the sign-in actor, then calls onDone with the redirect', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<SignInPage redirect="/org/acme" onDone={onDone} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'hunter22');
    await user.keyboard('{Enter}');
    expect(fakes.current.starts('signInWithPassword')[0]?.input).toEqual({ email: 'ada@example.com', password: 'hunter22' });
    await settle('signInWithPassword', { status: 'signedIn' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/org/acme'));
  });

  it('shows invalid credentials as the server says them', async () => {
    const user = userEvent.setup();
    render(<SignInPage onDone={() => {}} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await fail('signInWithPassword', { message: 'Invalid login credentials', status: 400 });
    expect(screen.getByRole('alert').textContent).toBe('Invalid login credentials');
  });

  it('an address not confirmed yet: GoTrue\'s email_not_confirmed message, verbatim, and the form stays', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<SignInPage onDone={onDone} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Quiet-river-stone-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await fail('signInWithPassword', { message: 'Email not confirmed', status: 400, code: 'email_not_confirmed' });
    expect(screen.getByRole('alert').textContent).toBe('Email not confirmed');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('after a password sign-in with a verified TOTP factor, asks for the authenticator code', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<SignInPage onDone={onDone} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'hunter22');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle('signInWithPassword', { status: 'needsMfa', factorId: 'f1' });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fakes.current.starts('verifyTotp')[0]?.input).toEqual({ factorId: 'f1', code: '123456' });
    await settle('verifyTotp');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/'));
  });

  it('sign in with email code: the OTP message, then the code entry', async () => {
    const user = userEvent.setup();
    render(<SignInPage onDone={() => {}} />);
    await user.click(screen.getByRole('link', { name: 'Sign in with email code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert').textContent).toBe('You must provide either an email or phone number.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await settle('sendEmailCode');
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fakes.current.starts('verifyEmailCode')[0]?.input).toEqual({ email: 'ada@example.com', code: '654321' });
  });

  it('links to sign up and forgot password', () => {
    render(<SignInPage onDone={() => {}} />);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('waits for the session, then opens on the TOTP challenge for an aal1 session with a verified factor', async () => {
    const { actor, session } = sessionActor();
    render(<SignInPage onDone={() => {}} session={actor} />);
    expect(screen.queryByLabelText('Email')).toBeNull();
    await act(async () => {
      emitSession(session, {
        type: 'session.changed',
        event: 'INITIAL_SESSION',
        session: { access_token: 't', refresh_token: 'r', expires_in: 1, token_type: 'bearer', user: { id: 'u', factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] } },
      });
      await session.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal2' });
    });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('calls onDone at once when the session is already in', async () => {
    const { actor, session } = sessionActor();
    const onDone = vi.fn();
    render(<SignInPage onDone={onDone} redirect="/org/x" session={actor} />);
    await act(async () => {
      emitSession(session, { type: 'session.changed', event: 'SIGNED_IN', session: { access_token: 't', refresh_token: 'r', expires_in: 1, token_type: 'bearer', user: { id: 'u' } } });
      await session.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal1' });
    });
    expect(onDone).toHaveBeenCalledWith('/org/x');
  });
});

describe('SignUpPage', () => {
  it('validates, shows weak_password reasons, and the confirmation notice', async () => {
    const user = userEvent.setup();
    render(<SignUpPage />);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert').textContent).toBe('You must provide either an email or phone number and a password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await fail('signUp', { message: 'Password should be at least 6 characters.', reasons: ['length'] });
    expect(screen.getByRole('alert').textContent).toContain('Password should be at least 6 characters.');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await settle('signUp', { status: 'confirmEmail' });
    expect(screen.getByRole('status').textContent).toBe('Check your email to confirm your account, then sign in.');
  });
});

describe('ForgotPasswordPage', () => {
  it('sends the reset e-mail', async () => {
    const user = userEvent.setup();
    render(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(fakes.current.starts('sendPasswordReset')[0]?.input).toEqual({ email: 'ada@example.com' });
    await settle('sendPasswordReset');
    expect(screen.getByRole('status').textContent).toBe('Check your email for a link to reset your password.');
  });

  it('on PASSWORD_RECOVERY shows the new-password form', async () => {
    const user = userEvent.setup();
    const { actor, session } = sessionActor();
    render(<ForgotPasswordPage session={actor} />);
    act(() => {
      emitSession(session, { type: 'session.changed', event: 'PASSWORD_RECOVERY', session: { access_token: 't', refresh_token: 'r', expires_in: 1, token_type: 'bearer', user: { id: 'u' } } });
    });
    await user.type(screen.getByLabelText('New password'), 'a new secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(fakes.current.starts('updatePassword')[0]?.input).toEqual({ password: 'a new secret' });
  });
});
