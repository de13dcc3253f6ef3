// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyEntry } from '../../domain/api-keys.ts';

// The API keys page (issue 16, spec A2.13, A4.9, A6) with its effects replaced: the JWT update status, the reveal of
// a key and the router.
const h = vi.hoisted(() => ({
  status: null as null | 'Updating' | 'Updated',
  reveals: [] as string[],
}));
vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ invalidate: async () => {} }), useNavigate: () => async () => {} }));
vi.mock('../../actors/api-keys.ts', async (original) => {
  const real = await original<typeof import('../../actors/api-keys.ts')>();
  const { fromPromise } = await import('xstate');
  const { jwtSecretUpdateMachine } = await import('../../../machines/jwt-secret-update.machine.ts');
  type UpdateStatusOutput = import('../../../machines/jwt-secret-update.machine.ts').UpdateStatusOutput;
  const { keyRevealMachine } = await import('../../../machines/key-reveal.machine.ts');
  const status = async (): Promise<UpdateStatusOutput> => ({
    update_status: h.status ? { change_tracking_id: 'c', status: h.status, progress: null, error: null } : null,
  });
  return {
    ...real,
    jwtSecretUpdateWithPlatform: jwtSecretUpdateMachine.provide({
      actors: { fetchUpdateStatus: fromPromise<UpdateStatusOutput, { ref: string }>(status), startUpdate: fromPromise<UpdateStatusOutput, { ref: string }>(status) },
    }),
    keyRevealWithPlatform: keyRevealMachine.provide({
      actors: {
        revealKey: fromPromise<string, { ref: string; keyId: string }>(async ({ input }) => {
          h.reveals.push(input.keyId);
          return `full-${input.keyId}`;
        }),
        writeClipboard: fromPromise<void, { text: string }>(async () => {}),
      },
    }),
  };
});

const { ApiKeysPage } = await import('./ApiKeysPage.tsx');

const key = (over: Partial<ApiKeyEntry>): ApiKeyEntry => ({ id: 'x', type: 'legacy', name: 'x', description: null, api_key: null, inserted_at: '2026-11-27T00:00:00Z', ...over });
const KEYS = [
  key({ id: 'anon', name: 'anon', api_key: 'eyJanon' }),
  key({ id: 'service_role', name: 'service_role', api_key: 'eyJservice' }),
  key({ id: 'p1', type: 'publishable', name: 'web_app', api_key: 'strata_publishable_abc' }),
  key({ id: 's1', type: 'secret', name: 'backend', api_key: 'strata_secret_••••••••wxyz', description: 'The worker' }),
];

beforeEach(() => {
  h.status = null;
  h.reveals = [];
});

describe('API keys page (issue 16)', () => {
  it('shows publishable and anon keys in clear, masks secrets until revealed, offers revoke and a new key', async () => {
    render(<ApiKeysPage projectRef="abc" keys={KEYS} canReadSecrets />);
    expect(screen.getByLabelText('anon value').textContent).toBe('eyJanon');
    expect(screen.getByLabelText('web_app value').textContent).toBe('strata_publishable_abc');
    expect(screen.getByLabelText('backend value').textContent).toBe('strata_secret_••••••••wxyz');
    expect(screen.getByText('The worker')).toBeTruthy();
    expect(screen.getByLabelText('service_role value').textContent).toMatch(/^•+$/);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Reveal backend' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Reveal backend' }));
    await waitFor(() => expect(screen.getByLabelText('backend value').textContent).toBe('full-s1'));
    expect(h.reveals).toEqual(['s1']);
    expect(screen.getByRole('button', { name: 'Revoke backend' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke web_app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeTruthy();
  });

  it('without permission: the spec A2.13 message, no secret value, no reveal, revoke or new key', () => {
    const visible = KEYS.map((k) => (k.type === 'secret' || k.name === 'service_role' ? { ...k, api_key: null } : k));
    render(<ApiKeysPage projectRef="abc" keys={visible} canReadSecrets={false} />);
    expect(screen.getByText("You don't have permission to view API keys. These keys restricted to users with higher access levels.")).toBeTruthy();
    expect(screen.getByLabelText('service_role value').textContent).toBe('You need additional permissions to view API keys');
    expect(screen.getByLabelText('backend value').textContent).toBe('You need additional permissions to view API keys');
    expect(screen.getByLabelText('anon value').textContent).toBe('eyJanon');
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New API key' })).toBeNull();
  });

  it('while the JWT secret is updating: the progress shows and secret keys can be neither revealed nor copied (spec A4.9)', async () => {
    h.status = 'Updating';
    render(<ApiKeysPage projectRef="abc" keys={KEYS} canReadSecrets />);
    expect(await screen.findByText('Updating JWT secret...')).toBeTruthy();
    expect(screen.getByText('JWT secret is being updated')).toBeTruthy();
    for (const name of ['Reveal backend', 'Copy backend', 'Reveal service_role', 'Copy service_role']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
