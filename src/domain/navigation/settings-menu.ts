// Project settings menu (spec A2.5).
import { isEnabled, type Flags } from './flags.ts';
import { nonEmptyGroups, type NavGroup, type NavItem } from './nav-item.ts';
import { orgPath, projectPath } from './paths.ts';
import type { StatusInput } from './project-status.ts';
import { stringifySearch } from './search.ts';

export interface SettingsMenuInput {
  ref: string;
  /** Organization slug for the Billing group; without it the group is left out. */
  orgSlug?: string | null;
  status: StatusInput;
  isPlatform: boolean;
  flags: Flags;
}

type Candidate = NavItem | false;
const keep = (items: Candidate[]): NavItem[] => items.filter((item): item is NavItem => item !== false);

/** The project settings menu: Project Settings, Configuration and Billing groups on the platform; only Log Drains self-hosted. spec A2.5 */
export function settingsMenu({ ref, orgSlug, status, isPlatform, flags }: SettingsMenuInput): NavGroup[] {
  const p = (sub: string) => projectPath(ref, sub);
  const logDrains: NavItem = { key: 'log-drains', label: 'Log Drains', href: p('settings/log-drains') };
  if (!isPlatform) return [{ key: 'project', title: 'Project Settings', items: [logDrains] }];

  const comingUp = status === 'COMING_UP';
  // While COMING_UP these point to the project home. spec A2.5
  const unlessComingUp = (sub: string) => (comingUp ? p('') : p(sub));
  const on = (name: Parameters<typeof isEnabled>[1]) => isEnabled(flags, name);

  const project = keep([
    { key: 'general', label: 'General', href: p('settings/general') },
    { key: 'compute-and-disk', label: 'Compute and Disk', href: p('settings/compute-and-disk') },
    { key: 'infrastructure', label: 'Infrastructure', href: unlessComingUp('settings/infrastructure') },
    { key: 'integrations', label: 'Integrations', href: p('settings/integrations') },
    { key: 'api', label: 'Data API', href: unlessComingUp('settings/api') },
    { key: 'api-keys', label: 'API Keys', href: p('settings/api-keys'), badge: 'NEW' },
    {
      key: 'jwt',
      label: 'JWT',
      href: p(on('project_settings:legacy_jwt_keys') ? 'settings/jwt' : 'settings/jwt/signing-keys'),
      badge: 'NEW',
    },
    logDrains,
    { key: 'addons', label: 'Add-ons', href: p('settings/addons') },
    { key: 'vault', label: 'Vault', href: unlessComingUp('integrations/vault/overview'), badge: 'ALPHA' },
  ]);

  const configuration = keep([
    { key: 'database', label: 'Database', href: unlessComingUp('database/settings') },
    on('project_auth:all') && {
      key: 'auth',
      label: 'Authentication',
      href: p(on('authentication:sign_in_providers') ? 'auth/providers' : 'auth/policies'),
    },
    on('project_storage:all') && { key: 'storage', label: 'Storage', href: p('storage/settings') },
    on('project_edge_function:all') && { key: 'functions', label: 'Edge Functions', href: p('functions/secrets') },
  ]);

  const billing =
    typeof orgSlug === 'string' && orgSlug !== ''
      ? keep([
          on('billing:all') && { key: 'subscription', label: 'Subscription', href: orgPath(orgSlug, 'billing') },
          { key: 'usage', label: 'Usage', href: `${orgPath(orgSlug, 'usage')}${stringifySearch({ projectRef: ref })}` },
        ])
      : [];

  return nonEmptyGroups([
    { key: 'project', title: 'Project Settings', items: project },
    { key: 'configuration', title: 'Configuration', items: configuration },
    { key: 'billing', title: 'Billing', items: billing },
  ]);
}
