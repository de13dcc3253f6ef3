// Creating and renaming organizations (spec A2.2 /new, /org/{slug}/general; A3 Organization.plan).

export const ORGANIZATION_NAME_MAX_LENGTH = 256;

/** spec A3 plan.id values, with their names. */
export const PLAN_OPTIONS = [
  { id: 'free', label: 'Free' },
  { id: 'pro', label: 'Pro' },
  { id: 'team', label: 'Team' },
  { id: 'enterprise', label: 'Enterprise' },
] as const;
export type PlanOptionId = (typeof PLAN_OPTIONS)[number]['id'];
export const DEFAULT_PLAN: PlanOptionId = 'free';

export const isPlanId = (value: string): value is PlanOptionId => PLAN_OPTIONS.some((plan) => plan.id === value);

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Enter a name for your organization.',
  nameTooLong: `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters.`,
  planInvalid: 'Select a plan.',
  localPlansFree: 'Every plan is free of charge on the local platform: nothing is billed.',
  createDisabled: 'Creating organizations is turned off on this platform.',
  nameUnchanged: 'The name is unchanged.',
} as const;

/** The message for an organization name, or null when it may be sent. */
export function validateOrganizationName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return ORGANIZATION_MESSAGES.nameRequired;
  if (trimmed.length > ORGANIZATION_NAME_MAX_LENGTH) return ORGANIZATION_MESSAGES.nameTooLong;
  return null;
}
