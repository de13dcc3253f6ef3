import { describe, expect, it } from 'vitest';
import { defaultFlags, flagKey } from './navigation/flags.ts';
import {
  PLAN_UPGRADE_CATEGORY,
  UPGRADE_PLANS,
  isUpgrade,
  upgradeMessage,
  upgradeSubject,
  upgradeSupportHref,
  upgradeTarget,
} from './upgrade.ts';

const org = { name: 'Acme Industries', slug: 'acme-industries' };

describe('Upgrade button (spec A6)', () => {
  it('lists Pro | Team | Enterprise', () => {
    expect(UPGRADE_PLANS.map((p) => p.name)).toEqual(['Pro', 'Team', 'Enterprise']);
  });

  it('with billing:all opens the subscription panel of the billing page', () => {
    expect(upgradeTarget(defaultFlags(), org, 'Pro')).toEqual({
      kind: 'billing',
      to: '/org/$slug/billing',
      params: { slug: 'acme-industries' },
      search: { panel: 'subscriptionPlan' },
    });
  });

  it('without billing:all opens a Plan_upgrade support request with the subject and message of the spec', () => {
    const flags = { ...defaultFlags(), [flagKey('billing:all')]: false };
    const target = upgradeTarget(flags, org, 'Team');
    expect(target).toEqual({
      kind: 'support',
      to: '/support/new',
      search: {
        category: 'Plan_upgrade',
        subject: 'Enquiry to upgrade to Team plan for organization',
        message: 'Name: Acme Industries\nSlug: acme-industries\nRequested plan: Team',
      },
    });
    expect(PLAN_UPGRADE_CATEGORY).toBe('Plan_upgrade');
    expect(upgradeSubject('Enterprise')).toBe('Enquiry to upgrade to Enterprise plan for organization');
    expect(upgradeMessage(org, 'Pro')).toContain('acme-industries');
    const href = new URL(upgradeSupportHref(org, 'Pro'), 'http://x');
    expect(href.pathname).toBe('/support/new');
    expect(href.searchParams.get('category')).toBe('Plan_upgrade');
    expect(href.searchParams.get('subject')).toBe('Enquiry to upgrade to Pro plan for organization');
    expect(href.searchParams.get('message')).toBe('Name: Acme Industries\nSlug: acme-industries\nRequested plan: Pro');
  });

  it('only higher plans are upgrades', () => {
    expect(isUpgrade('free', 'pro')).toBe(true);
    expect(isUpgrade('team', 'pro')).toBe(false);
    expect(isUpgrade('team', 'team')).toBe(false);
    expect(isUpgrade('pro', 'enterprise')).toBe(true);
  });
});
