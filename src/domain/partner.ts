// Partner-managed organizations (spec A1, A3 Organization.managed_by, A6): an organization whose managed_by is a
// marketplace value of the form {PARTNER}_MARKETPLACE has its billing managed by that partner.

export interface Partner {
  /** The managed_by value, e.g. 'VERCEL_MARKETPLACE'. */
  id: string;
  /** e.g. 'Vercel'. */
  name: string;
  /** e.g. 'Vercel Marketplace'. */
  marketplace: string;
  /** Where the partner's own console shows the resource; null when not known. */
  url: string | null;
}

const MARKETPLACE_SUFFIX = '_MARKETPLACE';

// The hosting-platform marketplace and the cloud marketplace of spec A1.
const KNOWN_PARTNERS: Record<string, Omit<Partner, 'id'>> = {
  VERCEL_MARKETPLACE: { name: 'Vercel', marketplace: 'Vercel Marketplace', url: 'https://vercel.com/dashboard/integrations' },
  AWS_MARKETPLACE: { name: 'AWS', marketplace: 'AWS Marketplace', url: 'https://console.aws.amazon.com/marketplace/home#/subscriptions' },
};

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The partner managing the organization, or null when the product itself does (any other value). */
export function partnerOf(managedBy: string | null | undefined): Partner | null {
  if (!managedBy) return null;
  const id = managedBy.trim().toUpperCase();
  const known = KNOWN_PARTNERS[id];
  if (known) return { id, ...known };
  if (!id.endsWith(MARKETPLACE_SUFFIX) || id.length === MARKETPLACE_SUFFIX.length) return null;
  const name = id
    .slice(0, -MARKETPLACE_SUFFIX.length)
    .split('_')
    .filter(Boolean)
    .map((word) => (word.length <= 3 ? word : titleCase(word)))
    .join(' ');
  return name ? { id, name, marketplace: `${name} Marketplace`, url: null } : null;
}

/** spec A1 tooltip beside a partner-managed organization's name. */
export const managedByTooltip = (partner: Partner): string => `This organization is managed by ${partner.marketplace}`;

/** spec A1: what a partner-managed resource shows instead of its page. */
export const managedResourceMessage = (resource: string, partner: Partner): string =>
  `${resource} are managed by ${partner.name}.`;
export const viewOnPartnerLabel = (resource: string, partner: Partner): string => `View ${resource} on ${partner.name}`;

/** The resource the billing page names for partner-managed organizations. */
export const BILLING_RESOURCE = 'Billing details';
