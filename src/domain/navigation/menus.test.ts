import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultFlags, flagKey, type FlagName } from './flags.ts';
import { settingsMenu, type SettingsMenuInput } from './settings-menu.ts';
import { databaseMenu, type DatabaseMenuInput } from './database-menu.ts';
import { authMenu, type AuthMenuInput } from './auth-menu.ts';
import { isNavItemActive, type NavGroup } from './nav-item.ts';
import { PROJECT_STATUSES } from './project-status.ts';

const set = (changes: Partial<Record<FlagName, boolean>>) => {
  const flags: Record<string, boolean> = { ...defaultFlags() };
  for (const [name, on] of Object.entries(changes)) flags[flagKey(name)] = on;
  return flags;
};
const find = (groups: NavGroup[], key: string) => groups.flatMap((g) => g.items).find((item) => item.key === key);
const shape = (groups: NavGroup[]) => groups.map((g) => [g.title, g.items.map((i) => i.key)]);

describe('settingsMenu (spec A2.5)', () => {
  const base: SettingsMenuInput = { ref: 'abc', orgSlug: 'acme', status: 'ACTIVE_HEALTHY', isPlatform: true, flags: defaultFlags() };
  const menu = (over: Partial<SettingsMenuInput> = {}) => settingsMenu({ ...base, ...over });

  it('lists the platform groups in order with labels, links and badges', () => {
    expect(menu().map((g) => [g.title, g.items.map(({ label, href, badge }) => [label, href, badge])])).toEqual([
      [
        'Project Settings',
        [
          ['General', '/project/abc/settings/general', undefined],
          ['Compute and Disk', '/project/abc/settings/compute-and-disk', undefined],
          ['Infrastructure', '/project/abc/settings/infrastructure', undefined],
          ['Integrations', '/project/abc/settings/integrations', undefined],
          ['Data API', '/project/abc/settings/api', undefined],
          ['API Keys', '/project/abc/settings/api-keys', 'NEW'],
          ['JWT', '/project/abc/settings/jwt', 'NEW'],
          ['Log Drains', '/project/abc/settings/log-drains', undefined],
          ['Add-ons', '/project/abc/settings/addons', undefined],
          ['Vault', '/project/abc/integrations/vault/overview', 'ALPHA'],
        ],
      ],
      [
        'Configuration',
        [
          ['Database', '/project/abc/database/settings', undefined],
          ['Authentication', '/project/abc/auth/providers', undefined],
          ['Storage', '/project/abc/storage/settings', undefined],
          ['Edge Functions', '/project/abc/functions/secrets', undefined],
        ],
      ],
      [
        'Billing',
        [
          ['Subscription', '/org/acme/billing', undefined],
          ['Usage', '/org/acme/usage?projectRef=abc', undefined],
        ],
      ],
    ]);
  });

  it('links JWT to signing keys without legacy JWT keys', () => {
    expect(find(menu({ flags: set({ 'project_settings:legacy_jwt_keys': false }) }), 'jwt')?.href).toBe(
      '/project/abc/settings/jwt/signing-keys',
    );
  });

  it('points Infrastructure, Data API, Vault and Database to /project/{ref} while COMING_UP', () => {
    const groups = menu({ status: 'COMING_UP' });
    for (const key of ['infrastructure', 'api', 'vault', 'database']) expect(find(groups, key)?.href, key).toBe('/project/abc');
    for (const key of ['general', 'compute-and-disk', 'integrations', 'api-keys', 'log-drains', 'addons', 'storage']) {
      expect(find(groups, key)?.href, key).not.toBe('/project/abc');
    }
  });

  it('keeps normal links for every other status', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'COMING_UP')) {
      expect(find(menu({ status }), 'infrastructure')?.href).toBe('/project/abc/settings/infrastructure');
    }
  });

  it('links Authentication to policies when auth providers are disabled, and hides it without auth', () => {
    expect(find(menu({ flags: set({ 'authentication:sign_in_providers': false }) }), 'auth')?.href).toBe('/project/abc/auth/policies');
    expect(find(menu({ flags: set({ 'project_auth:all': false }) }), 'auth')).toBeUndefined();
  });

  it('shows Storage, Edge Functions and Subscription only when enabled', () => {
    expect(find(menu({ flags: set({ 'project_storage:all': false }) }), 'storage')).toBeUndefined();
    expect(find(menu({ flags: set({ 'project_edge_function:all': false }) }), 'functions')).toBeUndefined();
    const noBilling = menu({ flags: set({ 'billing:all': false }) });
    expect(find(noBilling, 'subscription')).toBeUndefined();
    expect(find(noBilling, 'usage')?.href).toBe('/org/acme/usage?projectRef=abc');
  });

  it('leaves out the Billing group without an organization slug', () => {
    expect(menu({ orgSlug: undefined }).map((g) => g.key)).toEqual(['project', 'configuration']);
  });

  it('shows only Log Drains when self-hosted', () => {
    expect(shape(menu({ isPlatform: false }))).toEqual([['Project Settings', ['log-drains']]]);
    expect(shape(menu({ isPlatform: false, status: 'COMING_UP', flags: defaultFlags(true) }))).toEqual([
      ['Project Settings', ['log-drains']],
    ]);
  });
});

describe('databaseMenu (spec A2.6)', () => {
  const base: DatabaseMenuInput = { ref: 'abc', isPlatform: true, flags: defaultFlags(), pitrEnabled: false, hasPgNet: true };
  const menu = (over: Partial<DatabaseMenuInput> = {}) => databaseMenu({ ...base, ...over });

  it('lists the groups in order', () => {
    expect(shape(menu({ flags: set({ columnLevelPrivileges: true }) }))).toEqual([
      ['Database Management', ['schemas', 'tables', 'functions', 'triggers', 'types', 'extensions', 'indexes', 'publications', 'replication']],
      ['Configuration', ['roles', 'column-privileges', 'policies', 'settings']],
      ['Platform', ['backups', 'migrations', 'wrappers', 'webhooks']],
      ['Tools', ['security-advisor', 'performance-advisor', 'query-performance']],
    ]);
  });

  it('uses the spec labels and links', () => {
    const items = menu({ flags: set({ columnLevelPrivileges: true }) }).flatMap((g) => g.items);
    expect(items.map(({ label, href }) => [label, href])).toEqual([
      ['Schema Visualizer', '/project/abc/database/schemas'],
      ['Tables', '/project/abc/database/tables'],
      ['Functions', '/project/abc/database/functions'],
      ['Triggers', '/project/abc/database/triggers'],
      ['Enumerated Types', '/project/abc/database/types'],
      ['Extensions', '/project/abc/database/extensions'],
      ['Indexes', '/project/abc/database/indexes'],
      ['Publications', '/project/abc/database/publications'],
      ['Replication', '/project/abc/database/replication'],
      ['Roles', '/project/abc/database/roles'],
      ['Column Privileges', '/project/abc/database/column-privileges'],
      ['Policies', '/project/abc/auth/policies'],
      ['Settings', '/project/abc/database/settings'],
      ['Backups', '/project/abc/database/backups/scheduled'],
      ['Migrations', '/project/abc/database/migrations'],
      ['Wrappers', '/project/abc/integrations?category=wrapper'],
      ['Webhooks', '/project/abc/integrations/webhooks/overview'],
      ['Security Advisor', '/project/abc/advisors/security'],
      ['Performance Advisor', '/project/abc/advisors/performance'],
      ['Query Performance', '/project/abc/reports/query-performance'],
    ]);
    expect(find(menu({ flags: set({ columnLevelPrivileges: true }) }), 'column-privileges')?.badge).toBe('ALPHA');
  });

  it("labels Replication 'Coming soon' unless enabled, and hides it when not offered", () => {
    expect(find(menu(), 'replication')?.badge).toBe('Coming soon');
    expect(find(menu({ flags: set({ replicationEnabled: true }) }), 'replication')?.badge).toBeUndefined();
    expect(find(menu({ flags: set({ 'database:replication': false }) }), 'replication')).toBeUndefined();
  });

  it('gates Roles, Column Privileges and Wrappers', () => {
    expect(find(menu({ flags: set({ 'database:roles': false }) }), 'roles')).toBeUndefined();
    expect(find(menu(), 'column-privileges')).toBeUndefined();
    expect(find(menu({ flags: set({ 'integrations:wrappers': false }) }), 'wrappers')).toBeUndefined();
  });

  it('links Backups to PITR when enabled and shows it only on the platform', () => {
    expect(find(menu({ pitrEnabled: true }), 'backups')?.href).toBe('/project/abc/database/backups/pitr');
    expect(find(menu({ isPlatform: false }), 'backups')).toBeUndefined();
    expect(find(menu({ isPlatform: false }), 'migrations')).toBeDefined();
  });

  it('shows Webhooks only when pg_net exists', () => {
    expect(find(menu({ hasPgNet: false }), 'webhooks')).toBeUndefined();
  });

  it('marks Backups active on any backups page', () => {
    const backups = find(menu({ pitrEnabled: true }), 'backups')!;
    expect(isNavItemActive(backups, '/project/abc/database/backups/scheduled')).toBe(true);
    expect(isNavItemActive(backups, '/project/abc/database/tables')).toBe(false);
  });

  it('property: the Tools group and the core items are always there', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (isPlatform, pitrEnabled, hasPgNet, disableAll) => {
        const groups = databaseMenu({ ref: 'r', isPlatform, pitrEnabled, hasPgNet, flags: defaultFlags(disableAll) });
        expect(groups.at(-1)?.items.map((i) => i.key)).toEqual(['security-advisor', 'performance-advisor', 'query-performance']);
        for (const key of ['schemas', 'tables', 'policies', 'settings', 'migrations']) expect(find(groups, key)).toBeDefined();
        expect(find(groups, 'backups') !== undefined).toBe(isPlatform);
        expect(find(groups, 'webhooks') !== undefined).toBe(hasPgNet);
      }),
    );
  });
});

describe('authMenu (spec A2.7)', () => {
  const base: AuthMenuInput = { ref: 'abc', isPlatform: true, flags: defaultFlags() };
  const menu = (over: Partial<AuthMenuInput> = {}) => authMenu({ ...base, ...over });

  it('lists Manage and Configuration on the platform by default', () => {
    expect(shape(menu())).toEqual([
      ['Manage', ['users']],
      [
        'Configuration',
        ['policies', 'providers', 'sessions', 'rate-limits', 'emails', 'mfa', 'url-configuration', 'protection', 'hooks', 'audit-logs', 'advanced'],
      ],
    ]);
  });

  it('uses the spec titles, links and BETA labels', () => {
    const items = menu().flatMap((g) => g.items);
    expect(items.map(({ label, href, badge }) => [label, href.replace('/project/abc/auth/', ''), badge])).toEqual([
      ['Users', 'users', undefined],
      ['Policies', 'policies', undefined],
      ['Sign In / Providers', 'providers', undefined],
      ['Sessions', 'sessions', undefined],
      ['Rate Limits', 'rate-limits', undefined],
      ['Emails', 'templates', undefined],
      ['Multi-Factor', 'mfa', undefined],
      ['URL Configuration', 'url-configuration', undefined],
      ['Attack Protection', 'protection', undefined],
      ['Auth Hooks', 'hooks', 'BETA'],
      ['Audit Logs', 'audit-logs', 'BETA'],
      ['Advanced', 'advanced', undefined],
    ]);
  });

  it('shows Overview behind its flag', () => {
    expect(menu({ flags: set({ authOverview: true }) })[0]?.items.map((i) => [i.key, i.href])).toEqual([
      ['overview', '/project/abc/auth/overview'],
      ['users', '/project/abc/auth/users'],
    ]);
  });

  it('shows the Notifications group only with the email flag, security notifications and the platform', () => {
    const flags = set({ securityNotifications: true });
    const groups = menu({ flags });
    expect(groups.map((g) => g.title)).toEqual(['Manage', 'Notifications', 'Configuration']);
    const email = find(groups, 'email')!;
    expect([email.label, email.href]).toEqual(['Email', '/project/abc/auth/templates']);
    expect(isNavItemActive(email, '/project/abc/auth/smtp')).toBe(true);
    expect(isNavItemActive(email, '/project/abc/auth/templates')).toBe(true);
    // 'Emails' moves into Notifications
    expect(find(groups, 'emails')).toBeUndefined();
    expect(menu({ flags: set({ securityNotifications: true, 'authentication:emails': false }) }).map((g) => g.title)).not.toContain(
      'Notifications',
    );
    expect(menu({ flags, isPlatform: false }).map((g) => g.title)).not.toContain('Notifications');
    expect(menu().map((g) => g.title)).not.toContain('Notifications');
  });

  it("shows 'Emails' only with the email flag on and security notifications off", () => {
    expect(find(menu(), 'emails')?.href).toBe('/project/abc/auth/templates');
    expect(find(menu({ flags: set({ 'authentication:emails': false }) }), 'emails')).toBeUndefined();
  });

  it('gates providers, rate limits, MFA, attack protection and advanced by their flags', () => {
    const cases: [FlagName, string][] = [
      ['authentication:sign_in_providers', 'providers'],
      ['authentication:rate_limits', 'rate-limits'],
      ['authentication:multi_factor', 'mfa'],
      ['authentication:attack_protection', 'protection'],
      ['authentication:advanced', 'advanced'],
    ];
    for (const [flag, key] of cases) {
      expect(find(menu(), key), key).toBeDefined();
      expect(find(menu({ flags: set({ [flag]: false }) }), key), key).toBeUndefined();
    }
  });

  it('counts the providers and third-party pages under Sign In / Providers', () => {
    const providers = find(menu(), 'providers')!;
    expect(isNavItemActive(providers, '/project/abc/auth/third-party')).toBe(true);
    const noThirdParty = find(menu({ flags: set({ 'authentication:third_party_auth': false }) }), 'providers')!;
    expect(isNavItemActive(noThirdParty, '/project/abc/auth/third-party')).toBe(false);
  });

  it('keeps only users (and overview) and policies when self-hosted', () => {
    expect(shape(menu({ isPlatform: false }))).toEqual([
      ['Manage', ['users']],
      ['Configuration', ['policies']],
    ]);
  });
});
