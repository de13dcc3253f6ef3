// Database menu (spec A2.6).
import { isEnabled, type Flags } from './flags.ts';
import { nonEmptyGroups, type NavGroup, type NavItem } from './nav-item.ts';
import { projectPath } from './paths.ts';

export interface DatabaseMenuInput {
  ref: string;
  isPlatform: boolean;
  flags: Flags;
  /** Point-in-time recovery is enabled for the project. */
  pitrEnabled?: boolean;
  /** The pg_net extension exists in the project database. */
  hasPgNet?: boolean;
}

type Candidate = NavItem | false;
const keep = (items: Candidate[]): NavItem[] => items.filter((item): item is NavItem => item !== false);

/** The database menu: Database Management, Configuration, Platform and Tools groups with their optional items. spec A2.6 */
export function databaseMenu({ ref, isPlatform, flags, pitrEnabled = false, hasPgNet = false }: DatabaseMenuInput): NavGroup[] {
  const p = (sub: string) => projectPath(ref, sub);
  const on = (name: Parameters<typeof isEnabled>[1]) => isEnabled(flags, name);

  const management = keep([
    { key: 'schemas', label: 'Schema Visualizer', href: p('database/schemas') },
    { key: 'tables', label: 'Tables', href: p('database/tables') },
    { key: 'functions', label: 'Functions', href: p('database/functions') },
    { key: 'triggers', label: 'Triggers', href: p('database/triggers') },
    { key: 'types', label: 'Enumerated Types', href: p('database/types') },
    { key: 'extensions', label: 'Extensions', href: p('database/extensions') },
    { key: 'indexes', label: 'Indexes', href: p('database/indexes') },
    { key: 'publications', label: 'Publications', href: p('database/publications') },
    on('database:replication') && {
      key: 'replication',
      label: 'Replication',
      href: p('database/replication'),
      ...(on('replicationEnabled') ? {} : { badge: 'Coming soon' as const }),
    },
  ]);

  const configuration = keep([
    on('database:roles') && { key: 'roles', label: 'Roles', href: p('database/roles') },
    on('columnLevelPrivileges') && {
      key: 'column-privileges',
      label: 'Column Privileges',
      href: p('database/column-privileges'),
      badge: 'ALPHA',
    },
    { key: 'policies', label: 'Policies', href: p('auth/policies') },
    { key: 'settings', label: 'Settings', href: p('database/settings') },
  ]);

  const platform = keep([
    isPlatform && {
      key: 'backups',
      label: 'Backups',
      href: p(pitrEnabled ? 'database/backups/pitr' : 'database/backups/scheduled'),
      pages: [p('database/backups')],
    },
    { key: 'migrations', label: 'Migrations', href: p('database/migrations') },
    on('integrations:wrappers') && { key: 'wrappers', label: 'Wrappers', href: p('integrations?category=wrapper') },
    hasPgNet && { key: 'webhooks', label: 'Webhooks', href: p('integrations/webhooks/overview') },
  ]);

  const tools: NavItem[] = [
    { key: 'security-advisor', label: 'Security Advisor', href: p('advisors/security') },
    { key: 'performance-advisor', label: 'Performance Advisor', href: p('advisors/performance') },
    { key: 'query-performance', label: 'Query Performance', href: p('reports/query-performance') },
  ];

  return nonEmptyGroups([
    { key: 'management', title: 'Database Management', items: management },
    { key: 'configuration', title: 'Configuration', items: configuration },
    { key: 'platform', title: 'Platform', items: platform },
    { key: 'tools', title: 'Tools', items: tools },
  ]);
}
