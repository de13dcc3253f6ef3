// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OAuthAuthorization } from '../../api/oauth.ts';

const answerAuthorization = vi.fn<(id: string, action: 'approve' | 'deny') => Promise<{ redirect_url: string }>>();
vi.mock('../../api/oauth.ts', () => ({ answerAuthorization: (id: string, action: 'approve' | 'deny') => answerAuthorization(id, action) }));
const { OAuthConsent } = await import('./OAuthConsent.tsx');

const authorization: OAuthAuthorization = {
  authorization_id: '6f1c1f5e-3d0b-4c55-9a53-0d7a4c9e2b11',
  client: { client_id: 'c0ffee00-0000-4000-8000-000000000001', client_name: 'Cursor', client_uri: 'https://cursor.com' },
  redirect_uri: 'http://127.0.0.1:33418/callback',
  scope: '',
  resource: 'http://127.0.0.1:54321/mcp',
  expires_at: '2026-11-27T18:00:00.000Z',
  user: { id: 'u', email: 'ada@example.com' },
};

describe('OAuthConsent (spec A2.14)', () => {
  it('shows the request, approves, and follows the returned redirect URL', async () => {
    const user = userEvent.setup();
    const onRedirect = vi.fn();
    answerAuthorization.mockResolvedValueOnce({ redirect_url: 'http://127.0.0.1:33418/callback?code=abc&state=s' });
    render(<OAuthConsent authorization={authorization} loadError={null} onRedirect={onRedirect} />);
    expect(screen.getByRole('heading', { name: 'Authorize Cursor' })).toBeTruthy();
    expect(screen.getByText('http://127.0.0.1:33418/callback')).toBeTruthy();
    expect(screen.getByText(/act as ada@example.com/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(onRedirect).toHaveBeenCalledWith('http://127.0.0.1:33418/callback?code=abc&state=s'));
    expect(answerAuthorization).toHaveBeenCalledWith(authorization.authorization_id, 'approve');
  });

  it('denies, and shows the platform’s error when the answer fails', async () => {
    const user = userEvent.setup();
    const onRedirect = vi.fn();
    answerAuthorization.mockRejectedValueOnce(new Error('This authorization request does not exist, has expired or was already answered'));
    render(<OAuthConsent authorization={authorization} loadError={null} onRedirect={onRedirect} />);
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already answered');
    expect(answerAuthorization).toHaveBeenLastCalledWith(authorization.authorization_id, 'deny');
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('says why when there is no request to show', () => {
    render(<OAuthConsent authorization={null} loadError="The link has no authorization request (auth_id)" onRedirect={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('The link has no authorization request (auth_id)');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
