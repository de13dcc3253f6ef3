// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ErrorAlert } from './ErrorAlert.tsx';

const ADVICE =
  'Try refreshing your browser, but if the issue persists for more than a few minutes, please reach out to us via support.';

describe('ErrorAlert (spec A2.14)', () => {
  it('shows the subject, the error, the advice and a prefilled Contact support link', () => {
    render(<ErrorAlert subject="Failed to retrieve API keys" error={{ message: 'permission denied' }} projectRef="abcdefgh" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to retrieve API keys');
    expect(screen.getByText('Error: permission denied')).toBeTruthy();
    expect(screen.getByText(ADVICE)).toBeTruthy();
    const href = screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')!;
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/dashboard/support/new');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: 'DASHBOARD_BUG',
      projectRef: 'abcdefgh',
      subject: 'Failed to retrieve API keys',
      error: 'permission denied',
    });
  });

  it('shows any message mentioning 503 as the service-unavailable line', () => {
    render(<ErrorAlert error="Request failed with status code 503" />);
    expect(screen.getByText('Error: 503 Service Temporarily Unavailable')).toBeTruthy();
  });

  it('still offers support when there is no message', () => {
    render(<ErrorAlert subject="Failed to load branches" />);
    expect(screen.queryByText(/^Error:/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/dashboard/support/new?category=DASHBOARD_BUG&subject=Failed+to+load+branches',
    );
  });
});
