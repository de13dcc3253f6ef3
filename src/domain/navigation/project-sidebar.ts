// Project and organization sidebars (spec A2.2, A2.4).
import { isEnabled, type Flags } from './flags.ts';
import { orgPath, pathSegments, projectPath } from './paths.ts';
import type { StatusInput } from './project-status.ts';

/** An advisor lint as the sidebar reads it. spec A3 (categories include SECURITY; level ERROR) */
export interface AdvisorLint {
  level: string;
  categories: readonly string[];
}

export type AdvisorDot = 'red' | 'amber';

/** Advisors item dot: red if any security lint is ERROR, amber if any security lint exists, else null. spec A2.4 */
export function advisorsDot(lints: readonly AdvisorLint[]): AdvisorDot | null {
  const security = lints.filter((lint) => lint.categories.includes('SECURITY'));
  if (security.some((lint) => lint.level === 'ERROR')) return 'red';
  return security.length > 0 ? 'amber' : null;
}

/** Header advisor toggle: red dot when any lint (of any category) has level ERROR. spec A2.3 */
export function advisorToggleHasDot(lints: readonly Pick<AdvisorLint, 'level'>[]): boolean {
  return lints.some((lint) => lint.level === 'ERROR');
}

export type ProjectSidebarKey =
  | 'home'
  | 'editor'
  | 'sql'
  | 'database'
  | 'auth'
  | 'storage'
  | 'functions'
  | 'realtime'
  | 'advisors'
  | 'reports'
  | 'logs'
  | 'api'
  | 'integrations'
  | 'settings';

export interface ProjectSidebarItem {
  key: ProjectSidebarKey;
  label: string;
  href: string;
  /** Only on Advisors. */
  dot?: AdvisorDot | null;
  /** API Docs: open the API docs side panel instead of navigating. */
  opensSidePanel?: boolean;
}

export interface ProjectSidebarInput {
  ref: string;
  status: StatusInput;
  isPlatform: boolean;
  flags: Flags;
  lints?: readonly AdvisorLint[];
}

/** The project sidebar in four groups, in spec order, with hrefs per A2.2; every link is /project/{ref} while COMING_UP. spec A2.2, A2.4 */
export function projectSidebarGroups({ ref, status, isPlatform, flags, lints = [] }: ProjectSidebarInput): ProjectSidebarItem[][] {
  const p = (sub: string) => projectPath(ref, sub);
  const on = (name: Parameters<typeof isEnabled>[1]) => isEnabled(flags, name);

  const groups: (ProjectSidebarItem | false)[][] = [
    [
      { key: 'home', label: 'Overview', href: p('') },
      { key: 'editor', label: 'Table Editor', href: p('editor') },
      { key: 'sql', label: 'SQL Editor', href: p(isPlatform ? 'sql' : 'sql/1') },
    ],
    [
      {
        key: 'database',
        label: 'Database',
        href: p(status === 'ACTIVE_HEALTHY' ? 'database/schemas' : 'database/backups/scheduled'),
      },
      on('project_auth:all') && {
        key: 'auth',
        label: 'Authentication',
        href: p(on('authOverview') ? 'auth/overview' : 'auth/users'),
      },
      on('project_storage:all') && {
        key: 'storage',
        label: 'Storage',
        href: p(on('storageV2') ? 'storage/files' : 'storage/buckets'),
      },
      on('project_edge_function:all') && { key: 'functions', label: 'Edge Functions', href: p('functions') },
      on('realtime:all') && { key: 'realtime', label: 'Realtime', href: p('realtime/inspector') },
    ],
    [
      { key: 'advisors', label: 'Advisors', href: p('advisors/security'), dot: advisorsDot(lints) },
      isPlatform && on('reports:all') && { key: 'reports', label: 'Reports', href: p('reports') },
      { key: 'logs', label: 'Logs', href: p(on('unifiedLogs') ? 'logs' : 'logs/explorer') },
      { key: 'api', label: 'API Docs', href: p('api'), opensSidePanel: on('apiDocsSidePanel') },
      { key: 'integrations', label: 'Integrations', href: p('integrations') },
    ],
    [{ key: 'settings', label: 'Project Settings', href: p('settings/general') }],
  ];

  return groups.map((group) =>
    group
      .filter((item): item is ProjectSidebarItem => item !== false)
      .map((item) => (status === 'COMING_UP' ? { ...item, href: p('') } : item)),
  );
}

/** Key of the project sidebar item owning a pathname ('home' on /project/{ref}; undefined off project paths). */
export function activeProjectSidebarKey(pathname: string): ProjectSidebarKey | undefined {
  const [first, , area] = pathSegments(pathname);
  if (first !== 'project') return undefined;
  switch (area) {
    case undefined:
      return 'home';
    case 'editor':
    case 'sql':
    case 'database':
    case 'auth':
    case 'storage':
    case 'functions':
    case 'realtime':
    case 'advisors':
    case 'reports':
    case 'logs':
    case 'api':
    case 'integrations':
    case 'settings':
      return area;
    default:
      return undefined;
  }
}

export type OrgSidebarKey = 'projects' | 'team' | 'integrations' | 'usage' | 'billing' | 'settings';

export interface OrgSidebarItem {
  key: OrgSidebarKey;
  label: string;
  href: string;
  disabled: boolean;
}

export interface OrgSidebarInput {
  slug: string;
  flags: Flags;
  orgRequiresMfa: boolean;
  aal: 'aal1' | 'aal2' | null | undefined;
}

/** Organization sidebar; Billing only with billing:all; links disabled when the org requires MFA and aal is not aal2. spec A2.4 */
export function organizationSidebar({ slug, flags, orgRequiresMfa, aal }: OrgSidebarInput): OrgSidebarItem[] {
  const disabled = orgRequiresMfa && aal !== 'aal2';
  const items: (Omit<OrgSidebarItem, 'disabled'> | false)[] = [
    { key: 'projects', label: 'Projects', href: orgPath(slug) },
    { key: 'team', label: 'Team', href: orgPath(slug, 'team') },
    { key: 'integrations', label: 'Integrations', href: orgPath(slug, 'integrations') },
    { key: 'usage', label: 'Usage', href: orgPath(slug, 'usage') },
    isEnabled(flags, 'billing:all') && { key: 'billing', label: 'Billing', href: orgPath(slug, 'billing') },
    { key: 'settings', label: 'Organization settings', href: orgPath(slug, 'general') },
  ];
  return items.filter((item) => item !== false).map((item) => ({ ...item, disabled }));
}

/** Organization settings is active on /org/{slug}/general and on paths containing /apps, /audit, /documents or /security. spec A2.2 */
export function isOrgSettingsActive(pathname: string): boolean {
  const segments = pathSegments(pathname);
  if (segments[0] !== 'org') return false;
  if (segments[2] === 'general') return true;
  return segments.slice(2).some((segment) => ['apps', 'audit', 'documents', 'security'].includes(segment));
}

/** Key of the organization sidebar item owning a pathname (invoices count as billing). */
export function activeOrgSidebarKey(pathname: string): OrgSidebarKey | undefined {
  const segments = pathSegments(pathname);
  if (segments[0] !== 'org' || segments[1] === undefined) return undefined;
  if (isOrgSettingsActive(pathname)) return 'settings';
  const area = segments[2];
  if (area === undefined) return 'projects';
  if (area === 'invoices') return 'billing';
  if (area === 'team' || area === 'integrations' || area === 'usage' || area === 'billing') return area;
  return undefined;
}
