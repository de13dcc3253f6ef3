// Auth menu under /project/{ref}/auth/... (spec A2.7).
import { isEnabled, type Flags } from './flags.ts';
import { nonEmptyGroups, type NavGroup, type NavItem } from './nav-item.ts';
import { projectPath } from './paths.ts';

export interface AuthMenuInput {
  ref: string;
  isPlatform: boolean;
  flags: Flags;
}

type Candidate = NavItem | false;
const keep = (items: Candidate[]): NavItem[] => items.filter((item): item is NavItem => item !== false);

/** The auth menu: Manage, Notifications (email + security-notifications flags, platform) and Configuration groups. spec A2.7 */
export function authMenu({ ref, isPlatform, flags }: AuthMenuInput): NavGroup[] {
  const p = (sub: string) => projectPath(ref, `auth/${sub}`);
  const on = (name: Parameters<typeof isEnabled>[1]) => isEnabled(flags, name);
  const emails = on('authentication:emails');
  const securityNotifications = on('securityNotifications');

  const manage = keep([
    on('authOverview') && { key: 'overview', label: 'Overview', href: p('overview') },
    { key: 'users', label: 'Users', href: p('users') },
  ]);

  const notifications = keep([
    emails &&
      securityNotifications &&
      isPlatform && { key: 'email', label: 'Email', href: p('templates'), pages: [p('templates'), p('smtp')] },
  ]);

  const configuration = keep([
    { key: 'policies', label: 'Policies', href: p('policies') },
    ...(isPlatform
      ? [
          on('authentication:sign_in_providers') && {
            key: 'providers',
            label: 'Sign In / Providers',
            href: p('providers'),
            pages: [p('providers'), ...(on('authentication:third_party_auth') ? [p('third-party')] : [])],
          },
          { key: 'sessions', label: 'Sessions', href: p('sessions') },
          on('authentication:rate_limits') && { key: 'rate-limits', label: 'Rate Limits', href: p('rate-limits') },
          emails &&
            !securityNotifications && {
              key: 'emails',
              label: 'Emails',
              href: p('templates'),
              pages: [p('templates'), p('smtp')],
            },
          on('authentication:multi_factor') && { key: 'mfa', label: 'Multi-Factor', href: p('mfa') },
          { key: 'url-configuration', label: 'URL Configuration', href: p('url-configuration') },
          on('authentication:attack_protection') && {
            key: 'protection',
            label: 'Attack Protection',
            href: p('protection'),
          },
          { key: 'hooks', label: 'Auth Hooks', href: p('hooks'), badge: 'BETA' as const },
          { key: 'audit-logs', label: 'Audit Logs', href: p('audit-logs'), badge: 'BETA' as const },
          on('authentication:advanced') && { key: 'advanced', label: 'Advanced', href: p('advanced') },
        ]
      : []),
  ]);

  return nonEmptyGroups([
    { key: 'manage', title: 'Manage', items: manage },
    { key: 'notifications', title: 'Notifications', items: notifications },
    { key: 'configuration', title: 'Configuration', items: configuration },
  ]);
}
