// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogPage, AuditLogRequest } from '../../domain/auth-audit.ts';
import { AUTH_SETTINGS_PAGES } from '../../domain/auth-settings-pages.ts';
import type { AuthSettings } from '../../domain/auth-settings.ts';

// The Authentication settings forms and the audit log page (issue 18) with their effects replaced: the save, the
// audit log read, the member's role.
const h = vi.hoisted(() => ({
  role: 'owner' as string | undefined,
  saves: [] as Array<{ ref: string; patch: Record<string, unknown> }>,
  saveError: null as string | null,
  reads: [] as AuditLogRequest[],
  pages: null as null | ((request: AuditLogRequest) => AuditLogPage),
}));
vi.mock('../shared/useProjectRole.ts', () => ({ useProjectRole: () => h.role }));
vi.mock('../../actors/auth-settings.ts', async () => {
  const { taskWith } = await import('../../../machines/task.machine.ts');
  return {
    saveAuthSettingsTask: taskWith(async (input: { ref: string; patch: Record<string, unknown> }) => {
      h.saves.push(input);
      if (h.saveError) throw new Error(h.saveError);
      return {};
    }),
    auditLogRead: taskWith(async ({ request }: { ref: string; request: AuditLogRequest }) => {
      h.reads.push(request);
      return h.pages!(request);
    }),
  };
});

const { AuthSettingsForm } = await import('./AuthSettingsForm.tsx');
const { AuthAuditLogsPage } = await import('./AuthAuditLogsPage.tsx');

const project = { ref: 'abc', organization_id: 1, organization_slug: 'org' };
const settings: AuthSettings = {
  site_url: 'http://localhost:3000',
  uri_allow_list: '',
  rate_limit_otp: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_email_sent: 30,
  sessions_timebox: 0,
  sessions_inactivity_timeout: 0,
};

beforeEach(() => {
  h.role = 'owner';
  h.saves = [];
  h.saveError = null;
  h.reads = [];
});

describe('Authentication settings form (issue 18)', () => {
  it('saves only what changed; a bad URL is named under its field and nothing is sent', async () => {
    const onSaved = vi.fn();
    render(<AuthSettingsForm project={project} page={AUTH_SETTINGS_PAGES['url-configuration']} settings={settings} onSaved={onSaved} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Redirect URLs' }), { target: { value: 'https://ok.example.com/**\nnot a url' } });
    expect(await screen.findByText('Not a URL: not a url')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(h.saves).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Redirect URLs' }), { target: { value: 'https://ok.example.com/**\nhttp://localhost:5173/cb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(h.saves).toEqual([{ ref: 'abc', patch: { uri_allow_list: 'https://ok.example.com/**,http://localhost:5173/cb' } }]);
  });

  it("the platform's refusal shows under the form, which keeps what was typed", async () => {
    h.saveError = 'You need additional permissions to change the auth settings';
    render(<AuthSettingsForm project={project} page={AUTH_SETTINGS_PAGES['rate-limits']} settings={settings} onSaved={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Rate limit for token refreshes' }), { target: { value: '0' } });
    expect(await screen.findByText('Enter a value from 1 to 100,000')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Rate limit for token refreshes' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(h.saveError);
    expect((screen.getByRole('textbox', { name: 'Rate limit for token refreshes' }) as HTMLInputElement).value).toBe('10');
    expect(h.saves).toEqual([{ ref: 'abc', patch: { rate_limit_token_refresh: 10 } }]);
  });

  it('sessions in hours are saved in seconds', async () => {
    render(<AuthSettingsForm project={project} page={AUTH_SETTINGS_PAGES.sessions} settings={settings} onSaved={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Inactivity timeout' }), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(h.saves).toEqual([{ ref: 'abc', patch: { sessions_inactivity_timeout: 28_800 } }]));
  });

  it('read-only and developer members see the values, disabled, and why; no save button', () => {
    for (const role of ['read_only', 'developer']) {
      h.role = role;
      const { unmount } = render(<AuthSettingsForm project={project} page={AUTH_SETTINGS_PAGES['url-configuration']} settings={settings} onSaved={() => {}} />);
      expect(screen.getByRole('note').textContent).toBe('You need additional permissions to update authentication settings');
      expect((screen.getByRole('textbox', { name: 'Site URL' }) as HTMLInputElement).disabled).toBe(true);
      expect((screen.getByRole('textbox', { name: 'Site URL' }) as HTMLInputElement).value).toBe('http://localhost:3000');
      expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
      unmount();
    }
  });
});

describe('Audit logs page (issue 18)', () => {
  const row = (i: number) => ({
    id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    created_at: `2026-11-27 10:00:${String(i).padStart(2, '0')}+00`,
    ip_address: '',
    payload: { action: 'login', actor_username: `user${i}@example.com`, traits: { provider: 'email' } },
  });

  it('pages forward and back by keyset; a search starts from the first page; an empty result says so', async () => {
    h.pages = (request) => {
      if (request.search === 'nobody') return { rows: [], next: null };
      return request.after ? { rows: [row(1)], next: null } : { rows: [row(2)], next: { createdAt: row(2).created_at, id: row(2).id } };
    };
    render(<AuthAuditLogsPage project={project} />);
    expect(await screen.findByText('user2@example.com')).toBeTruthy();
    expect(screen.getByText('Signed in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 2 · 50 entries a page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('user2@example.com')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search audit logs' }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No audit log entries match “nobody”')).toBeTruthy();
    expect(h.reads.map((r) => [r.search, r.after?.id ?? null])).toEqual([
      ['', null],
      ['', row(2).id],
      ['', null],
      ['nobody', null],
    ]);
  });
});
