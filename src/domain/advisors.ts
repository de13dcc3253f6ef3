// Advisors (issue 19; spec A2.4, A2.6 "Tools", A3 "Advisor lint"): the lints' shape shared by the platform and the
// console, and the pure rules of the Security and Performance Advisor pages.
import type { MemberRole } from './shared-constants.ts';

export const ADVISOR_LEVELS = ['ERROR', 'WARN', 'INFO'] as const;
export type AdvisorLevel = (typeof ADVISOR_LEVELS)[number];
export type AdvisorCategory = 'SECURITY' | 'PERFORMANCE';

export const ADVISOR_LINT_NAMES = [
  'rls_disabled_in_public',
  'policy_exists_rls_disabled',
  'security_definer_view',
  'function_search_path_mutable',
  'extension_in_public',
  'auth_users_exposed',
  'no_primary_key',
  'unindexed_foreign_keys',
  'unused_index',
  'duplicate_index',
] as const;
export type AdvisorLintName = (typeof ADVISOR_LINT_NAMES)[number];

/** One finding, as GET /platform/projects/{ref}/run-lints answers it (spec A3: categories, level). */
export interface AdvisorLint {
  name: AdvisorLintName;
  title: string;
  level: AdvisorLevel;
  facing: 'EXTERNAL';
  categories: AdvisorCategory[];
  description: string;
  detail: string;
  /** The SQL that fixes the finding. */
  remediation: string;
  metadata: { schema: string; name: string; type: string };
  /** Identifies the object within the lint (what a dismissal is keyed by). */
  object_key: string;
  cache_key: string;
  dismissed: boolean;
}

export type AdvisorKind = 'security' | 'performance';

export const ADVISOR_PAGES: Record<AdvisorKind, { title: string; category: AdvisorCategory; intro: string }> = {
  security: {
    title: 'Security Advisor',
    category: 'SECURITY',
    intro: 'Checks your database for security issues: tables without Row Level Security, exposed data and unsafe functions.',
  },
  performance: {
    title: 'Performance Advisor',
    category: 'PERFORMANCE',
    intro: 'Checks your database for performance issues: missing keys and indexes, unused and duplicate indexes.',
  },
};

export const LEVEL_LABELS: Record<AdvisorLevel, string> = { ERROR: 'Errors', WARN: 'Warnings', INFO: 'Info' };

export const ADVISOR_TEXT = {
  refresh: 'Refresh',
  noIssues: 'No issues found',
  noIssuesDescription: 'Congrats! There are no issues detected for this database.',
  noMatches: 'No issues match your search',
  search: 'Search issues',
  showDismissed: 'Show dismissed',
  runFix: 'Run fix',
  openInEditor: 'Open in SQL editor',
  dismiss: 'Dismiss',
  undismiss: 'Restore',
  loadFailed: 'Failed to run the advisor checks',
} as const;

/** The findings of one page's category, without the dismissed ones unless asked, matching the search. */
export function advisorFindings(lints: readonly AdvisorLint[], category: AdvisorCategory, options: { search?: string; showDismissed?: boolean } = {}) {
  const needle = (options.search ?? '').trim().toLowerCase();
  return lints.filter(
    (lint) =>
      lint.categories.includes(category) &&
      (options.showDismissed || !lint.dismissed) &&
      (needle === '' || `${lint.title} ${lint.detail} ${lint.object_key}`.toLowerCase().includes(needle)),
  );
}

/** Findings grouped by level, in level order, with the empty levels kept (the counts show 0). */
export function groupByLevel(lints: readonly AdvisorLint[]): Array<{ level: AdvisorLevel; lints: AdvisorLint[] }> {
  return ADVISOR_LEVELS.map((level) => ({ level, lints: lints.filter((lint) => lint.level === level) }));
}

/** What the sidebar dot and the header toggle count: findings not dismissed. */
export const activeLints = (lints: readonly AdvisorLint[]) => lints.filter((lint) => !lint.dismissed);

/** The name of the SQL snippet 'Open in SQL editor' creates for a finding. */
/** The toast once a finding's fix ran. */
export const fixAppliedLabel = (lint: Pick<AdvisorLint, 'title' | 'metadata'>) => `Fix applied: ${lint.title} (${lint.metadata.name})`;

export const fixSnippetName = (lint: Pick<AdvisorLint, 'title' | 'metadata'>) => `${lint.title}: ${lint.metadata.name}`.slice(0, 256);

/** Fixing, dismissing and restoring need more than read-only membership (the platform refuses it: 403). */
export const canActOnAdvisors = (role: MemberRole | null | undefined): boolean => role != null && role !== 'read_only';
