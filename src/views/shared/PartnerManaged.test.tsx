// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Organization } from '../../api/types.ts';
import { ManagedByHint } from '../../ui/ManagedByHint.tsx';
import { BILLING_RESOURCE, partnerOf } from '../../domain/partner.ts';
import { PartnerManagedNotice } from './PartnerManagedNotice.tsx';

// The billing page shows this notice when partnerOf(managed_by) names a partner.
function BillingPage({ organization }: { organization: Organization }) {
  const partner = partnerOf(organization.managed_by);
  return partner ? <PartnerManagedNotice resource={BILLING_RESOURCE} partner={partner} /> : null;
}

const org = (managed_by: string): Organization => ({ id: 1, slug: 'acme', name: 'Acme', plan: { id: 'free', name: 'Free' }, managed_by });

describe('partner-managed organizations in the views (spec A1)', () => {
  it('the hint carries the tooltip text for a marketplace organization, and nothing for the product', () => {
    const { rerender } = render(<ManagedByHint managedBy="VERCEL_MARKETPLACE" />);
    expect(screen.getByRole('img', { name: 'This organization is managed by Vercel Marketplace' })).toBeTruthy();
    rerender(<ManagedByHint managedBy="AWS_MARKETPLACE" inMenu />);
    expect(screen.getByTitle('This organization is managed by AWS Marketplace')).toBeTruthy();
    rerender(<ManagedByHint managedBy="strata" />);
    expect(screen.queryByTestId('managed-by-hint')).toBeNull();
  });

  it('billing of a partner-managed organization sends the user to the partner', () => {
    render(<BillingPage organization={org('VERCEL_MARKETPLACE')} />);
    expect(screen.getByText('Billing details are managed by Vercel.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View Billing details on Vercel' });
    expect(link.getAttribute('href')).toBe('https://vercel.com/dashboard/integrations');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('billing of an unknown marketplace names it but has no address to open', () => {
    render(<BillingPage organization={org('NETLIFY_MARKETPLACE')} />);
    expect(screen.getByText('Billing details are managed by Netlify.')).toBeTruthy();
    expect(screen.getByText('View Billing details on Netlify').closest('a')).toBeNull();
  });

  it('a product-managed organization gets no partner notice', () => {
    render(<BillingPage organization={org('strata')} />);
    expect(screen.queryByTestId('partner-managed')).toBeNull();
  });
});
