// Header rules (spec A2.3).
import { isEnabled, type Flags } from './flags.ts';
import { EXCLUDED_USAGE_METRIC } from '../usage.ts';

/** 'New organization' target, or null unless organizations:create is on. spec A2.3 */
export function newOrganizationHref(flags: Flags): string | null {
  return isEnabled(flags, 'organizations:create') ? '/new' : null;
}

/** 'New project' target /new/{orgSlug}, or null unless projects:create is on. spec A2.3 */
export function newProjectHref(flags: Flags, orgSlug: string): string | null {
  return isEnabled(flags, 'projects:create') ? `/new/${orgSlug}` : null;
}

/** The larger logo shows only with branding:large_logo (off by default). spec A2.3 */
export function showsLargeLogo(flags: Flags): boolean {
  return isEnabled(flags, 'branding:large_logo');
}

/** One usage metric of an organization as the badge reads it. */
export interface UsageMetric {
  metric?: string;
  usage: number;
  pricing_free_units?: number | null;
}

/**
 * 'Exceeding usage limits' shows when any metric's usage is above its free units (default 0). spec A2.3;
 * DISK_IOPS_GP3 is excluded (spec A3).
 */
export function isExceedingUsageLimits(metrics: readonly UsageMetric[]): boolean {
  return metrics.some((metric) => metric.metric !== EXCLUDED_USAGE_METRIC && metric.usage > (metric.pricing_free_units ?? 0));
}

/** Target of the 'Exceeding usage limits' badge. spec A2.3 */
export function usageLimitsHref(orgSlug: string): string {
  return `/org/${orgSlug}/usage`;
}

export type HelpItemKey = 'assistant' | 'docs' | 'troubleshooting' | 'status' | 'support' | 'community';

/** Help popover entries in order; the status page and Contact support are platform only. spec A2.3 */
export function helpPopoverItems(isPlatform: boolean): HelpItemKey[] {
  const items: HelpItemKey[] = ['assistant', 'docs', 'troubleshooting'];
  if (isPlatform) items.push('status', 'support');
  items.push('community');
  return items;
}

/** Whether the local/self-hosted dropdown (Feature previews, Command menu, Theme) and the CLI badge show. spec A2.3 */
export function showsLocalToolsMenu(isPlatform: boolean): boolean {
  return !isPlatform;
}

/** Link under the branch switcher. spec A2.3 */
export function branchesHref(ref: string): string {
  return `/project/${ref}/branches`;
}

/**
 * spec A2.3: the help popover's community chat link. A local build has no hosted chat; the docs' Community section
 * (docs/troubleshooting.md) says where its community talks.
 */
export const COMMUNITY_DOCS_HREF = '/docs/troubleshooting#community';
