// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActorController } from '../../../machines.test/support/controlled-actors.ts';

const fakes = vi.hoisted(() => ({ current: undefined as unknown as ActorController }));
vi.mock('../../actors/session.ts', async () => {
  const { controlledActors } = await import('../../../machines.test/support/controlled-actors.ts');
  fakes.current = controlledActors({ listFactors: 'promise', enrolTotp: 'promise', verifyFactor: 'promise', unenrolFactor: 'promise' });
  return { mfaActors: fakes.current.logic, signInActors: {} };
});
const { SecurityPage } = await import('./SecurityPage.tsx');

describe('SecurityPage', () => {
  it('adds an authenticator app: QR code image and secret, verify with a code; removes a factor', async () => {
    const user = userEvent.setup();
    render(<SecurityPage />);
    await act(() => fakes.current.resolve('listFactors', []));
    expect(screen.getByText('No authenticator app added yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    expect(fakes.current.starts('enrolTotp')[0]?.input).toEqual({ friendlyName: 'Authenticator app 1' });
    await act(() =>
      fakes.current.resolve('enrolTotp', {
        factorId: 'f1',
        friendlyName: 'Authenticator app 1',
        qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Strata:a',
      }),
    );
    const img = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(img.getAttribute('src')).toContain('%23000');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code');
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fakes.current.starts('verifyFactor')[0]?.input).toEqual({ factorId: 'f1', code: '123456' });
    await act(() => fakes.current.resolve('verifyFactor'));
    await act(() => fakes.current.resolve('listFactors', [{ id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app 1' }]));
    expect(screen.getByRole('status').textContent).toMatch(/Authenticator app added/);
    await user.click(screen.getByRole('button', { name: 'Remove Authenticator app 1' }));
    expect(fakes.current.starts('unenrolFactor')[0]?.input).toEqual({ factorId: 'f1' });
  });
});
