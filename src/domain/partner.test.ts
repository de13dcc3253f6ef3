import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BILLING_RESOURCE, managedByTooltip, managedResourceMessage, partnerOf, viewOnPartnerLabel } from './partner.ts';

describe('partner-managed organizations (spec A1, A3 managed_by)', () => {
  it('maps the marketplaces to display names', () => {
    expect(partnerOf('VERCEL_MARKETPLACE')).toMatchObject({ id: 'VERCEL_MARKETPLACE', name: 'Vercel', marketplace: 'Vercel Marketplace' });
    expect(partnerOf('AWS_MARKETPLACE')).toMatchObject({ name: 'AWS', marketplace: 'AWS Marketplace' });
    expect(partnerOf('aws_marketplace')?.name).toBe('AWS');
  });

  it('derives a name for other {PARTNER}_MARKETPLACE values, without a link', () => {
    expect(partnerOf('NETLIFY_MARKETPLACE')).toEqual({ id: 'NETLIFY_MARKETPLACE', name: 'Netlify', marketplace: 'Netlify Marketplace', url: null });
    expect(partnerOf('GOOGLE_CLOUD_MARKETPLACE')?.name).toBe('Google Cloud');
  });

  it('the product itself, empty and unknown values are not partner-managed', () => {
    for (const value of ['strata', 'SUPABASE', '', null, undefined, '_MARKETPLACE', 'MARKETPLACE', 'VERCEL']) {
      expect(partnerOf(value)).toBeNull();
    }
  });

  it('quotes the spec strings', () => {
    const vercel = partnerOf('VERCEL_MARKETPLACE')!;
    expect(managedByTooltip(vercel)).toBe('This organization is managed by Vercel Marketplace');
    expect(managedResourceMessage(BILLING_RESOURCE, vercel)).toBe('Billing details are managed by Vercel.');
    expect(viewOnPartnerLabel(BILLING_RESOURCE, vercel)).toBe('View Billing details on Vercel');
  });

  it('only *_MARKETPLACE values name a partner', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        const partner = partnerOf(value);
        if (partner) expect(partner.id.endsWith('_MARKETPLACE')).toBe(true);
        else expect(value.trim().toUpperCase() !== 'VERCEL_MARKETPLACE').toBe(true);
      }),
    );
  });
});
