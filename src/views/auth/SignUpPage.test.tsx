// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ReactNode } from 'react';
import { signInMachine } from '../../../machines/sign-in.machine.ts';

// The platform's weak_password reply (spec A8, as GoTrue): the message names every reason, and the reasons come too.
const weakPassword = Object.assign(
  new Error('Password should be at least 8 characters. Password is known to be weak and easy to guess, please choose a different one.'),
  { name: 'AuthWeakPasswordError', code: 'weak_password', status: 422, reasons: ['length', 'pwned'] },
);

vi.mock('./useSignInActor.ts', () => ({
  useSignInActor: (input: object) =>
    useActorRef(
      signInMachine.provide({ actors: { signUp: fromPromise(async () => Promise.reject(weakPassword)) } }),
      { input },
    ),
}));
vi.mock('./AuthCard.tsx', async (original) => ({
  ...(await original<typeof import('./AuthCard.tsx')>()),
  AuthLink: ({ children }: { children: ReactNode }) => <a href="#">{children}</a>,
}));

const { SignUpPage } = await import('./SignUpPage.tsx');

// issue 15: sign-up showed the weak-password reasons twice (the server's message, then a list of the same reasons).
describe('SignUpPage', () => {
  it('shows the weak-password reasons once', async () => {
    render(<SignUpPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Password should be at least 8 characters.');
    const text = alert.textContent ?? '';
    expect(text.match(/short|at least 8 characters/g)).toHaveLength(1);
    expect(text.match(/known|breach/g)).toHaveLength(1);
  });
});
