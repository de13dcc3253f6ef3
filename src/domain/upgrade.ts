// Plan upgrades (spec A6 "Upgrade button"): with billing:all the button opens the subscription panel of the
// billing page; otherwise it opens a support request asking for the upgrade.
import { isEnabled, type Flags } from './navigation/flags.ts';

/** spec A6: the plans one can ask for, in order. */
export const UPGRADE_PLANS = [
  { id: 'pro', name: 'Pro' },
  { id: 'team', name: 'Team' },
  { id: 'enterprise', name: 'Enterprise' },
] as const;
export type UpgradePlan = (typeof UPGRADE_PLANS)[number];
export type UpgradePlanId = UpgradePlan['id'];

/** spec A6: the support category of an upgrade request. */
export const PLAN_UPGRADE_CATEGORY = 'Plan_upgrade';

/** spec A6 subject, verbatim with the plan's name. */
export const upgradeSubject = (planName: string) => `Enquiry to upgrade to ${planName} plan for organization`;

/** spec A6: the message names the organization, its slug and the requested plan. */
export function upgradeMessage(org: { name: string; slug: string }, planName: string): string {
  return `Name: ${org.name}\nSlug: ${org.slug}\nRequested plan: ${planName}`;
}

/** Search of /support/new for an upgrade request. */
export function upgradeSupportSearch(org: { name: string; slug: string }, planName: string) {
  return { category: PLAN_UPGRADE_CATEGORY, subject: upgradeSubject(planName), message: upgradeMessage(org, planName) };
}

export type UpgradeTarget =
  | { kind: 'billing'; to: '/org/$slug/billing'; params: { slug: string }; search: { panel: 'subscriptionPlan' } }
  | { kind: 'support'; to: '/support/new'; search: ReturnType<typeof upgradeSupportSearch> };

/** Where 'Upgrade' leads: the subscription panel with billing:all, a prefilled support request otherwise. */
export function upgradeTarget(flags: Flags, org: { name: string; slug: string }, planName: string): UpgradeTarget {
  if (isEnabled(flags, 'billing:all')) {
    return { kind: 'billing', to: '/org/$slug/billing', params: { slug: org.slug }, search: { panel: 'subscriptionPlan' } };
  }
  return { kind: 'support', to: '/support/new', search: upgradeSupportSearch(org, planName) };
}

/** A support link as a path with its query, e.g. for copying or for tests. */
export function upgradeSupportHref(org: { name: string; slug: string }, planName: string): string {
  return `/support/new?${new URLSearchParams(upgradeSupportSearch(org, planName)).toString()}`;
}

const PLAN_ORDER = ['free', 'pro', 'team', 'enterprise'];

/** Whether `plan` is above the organization's current plan (only those get 'Upgrade'). */
export const isUpgrade = (current: string, plan: string): boolean => PLAN_ORDER.indexOf(plan) > PLAN_ORDER.indexOf(current);

/** spec A6: with disableProjectCreationAndUpdate, subscription changes are refused with this message. */
export const SUBSCRIPTION_CHANGES_DISABLED = 'Subscription changes are currently disabled, our engineers are working on a fix';
