// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

const { OrganizationsPage } = await import('./OrganizationsPage.tsx');

// issue 15: an empty /organizations had no way to create one.
describe('OrganizationsPage', () => {
  it("offers 'New organization' when the user has none (spec A2.3 wording, /new)", () => {
    render(<OrganizationsPage organizations={[]} newOrganizationHref="/new" />);
    expect(screen.getByText('You are not a member of any organization yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New organization' }).getAttribute('href')).toBe('/new');
  });

  it('offers it beside existing organizations too, and not at all when organizations:create is off', () => {
    const acme = { slug: 'acme', name: 'Acme', plan: { id: 'free', name: 'Free' } } as never;
    const { unmount } = render(<OrganizationsPage organizations={[acme]} newOrganizationHref="/new" />);
    expect(screen.getByRole('link', { name: 'New organization' })).toBeTruthy();
    unmount();
    render(<OrganizationsPage organizations={[]} newOrganizationHref={null} />);
    expect(screen.queryByRole('link', { name: 'New organization' })).toBeNull();
  });
});
