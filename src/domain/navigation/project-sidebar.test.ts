import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultFlags, flagKey, type FeatureFlag } from './flags.ts';
import {
  activeOrgSidebarKey,
  activeProjectSidebarKey,
  advisorToggleHasDot,
  advisorsDot,
  isOrgSettingsActive,
  organizationSidebar,
  projectSidebarGroups,
  type AdvisorLint,
  type ProjectSidebarInput,
} from './project-sidebar.ts';
import { PROJECT_STATUSES } from './project-status.ts';

const base: ProjectSidebarInput = { ref: 'abc', status: 'ACTIVE_HEALTHY', isPlatform: true, flags: defaultFlags() };
const sidebar = (over: Partial<ProjectSidebarInput> = {}) => projectSidebarGroups({ ...base, ...over });
const hrefOf = (over: Partial<ProjectSidebarInput>, key: string) =>
  sidebar(over)
    .flat()
    .find((item) => item.key === key)?.href;
const keys = (over: Partial<ProjectSidebarInput> = {}) => sidebar(over).map((group) => group.map((item) => item.key));
const without = (name: FeatureFlag) => ({ ...defaultFlags(), [flagKey(name)]: false });

const lint = (level: string, categories: string[] = ['SECURITY']): AdvisorLint => ({ level, categories });

describe('projectSidebarGroups (spec A2.4)', () => {
  it('lists the four groups in order with their labels', () => {
    expect(keys()).toEqual([
      ['home', 'editor', 'sql'],
      ['database', 'auth', 'storage', 'functions', 'realtime'],
      ['advisors', 'reports', 'logs', 'api', 'integrations'],
      ['settings'],
    ]);
    expect(sidebar().map((group) => group.map((item) => item.label))).toEqual([
      ['Overview', 'Table Editor', 'SQL Editor'],
      ['Database', 'Authentication', 'Storage', 'Edge Functions', 'Realtime'],
      ['Advisors', 'Reports', 'Logs', 'API Docs', 'Integrations'],
      ['Project Settings'],
    ]);
  });

  it('links per the route list (spec A2.2)', () => {
    const hrefs = Object.fromEntries(sidebar().flat().map((item) => [item.key, item.href]));
    expect(hrefs).toEqual({
      home: '/project/abc',
      editor: '/project/abc/editor',
      sql: '/project/abc/sql',
      database: '/project/abc/database/schemas',
      auth: '/project/abc/auth/users',
      storage: '/project/abc/storage/buckets',
      functions: '/project/abc/functions',
      realtime: '/project/abc/realtime/inspector',
      advisors: '/project/abc/advisors/security',
      reports: '/project/abc/reports',
      logs: '/project/abc/logs/explorer',
      api: '/project/abc/api',
      integrations: '/project/abc/integrations',
      settings: '/project/abc/settings/general',
    });
  });

  it('gates Authentication, Storage, Edge Functions and Realtime by their features', () => {
    expect(keys({ flags: without('project_auth:all') })[1]).toEqual(['database', 'storage', 'functions', 'realtime']);
    expect(keys({ flags: without('project_storage:all') })[1]).toEqual(['database', 'auth', 'functions', 'realtime']);
    expect(keys({ flags: without('project_edge_function:all') })[1]).toEqual(['database', 'auth', 'storage', 'realtime']);
    expect(keys({ flags: without('realtime:all') })[1]).toEqual(['database', 'auth', 'storage', 'functions']);
    expect(keys({ flags: defaultFlags(true) })[1]).toEqual(['database']);
  });

  it('shows Reports only on the platform with reports:all', () => {
    expect(keys({ flags: without('reports:all') })[2]).toEqual(['advisors', 'logs', 'api', 'integrations']);
    expect(keys({ isPlatform: false })[2]).toEqual(['advisors', 'logs', 'api', 'integrations']);
  });

  it('links the SQL editor to /sql/1 when self-hosted', () => {
    expect(hrefOf({ isPlatform: false }, 'sql')).toBe('/project/abc/sql/1');
  });

  it('links Database to schemas only when ACTIVE_HEALTHY, else to scheduled backups', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'ACTIVE_HEALTHY' && s !== 'COMING_UP')) {
      expect(hrefOf({ status }, 'database'), status).toBe('/project/abc/database/backups/scheduled');
    }
    expect(hrefOf({ status: undefined }, 'database')).toBe('/project/abc/database/backups/scheduled');
  });

  it('follows the auth-overview, storage v2 and unified-logs flags', () => {
    const flags = { ...defaultFlags(), authOverview: true, storageV2: true, unifiedLogs: true };
    expect(hrefOf({ flags }, 'auth')).toBe('/project/abc/auth/overview');
    expect(hrefOf({ flags }, 'storage')).toBe('/project/abc/storage/files');
    expect(hrefOf({ flags }, 'logs')).toBe('/project/abc/logs');
  });

  it('opens the API docs side panel behind its flag', () => {
    const api = (flags: Record<string, boolean>) => sidebar({ flags }).flat().find((item) => item.key === 'api');
    expect(api({ ...defaultFlags(), apiDocsSidePanel: true })?.opensSidePanel).toBe(true);
    expect(api(defaultFlags())?.opensSidePanel).toBe(false);
  });

  it('points every link to /project/{ref} while COMING_UP', () => {
    const items = sidebar({ status: 'COMING_UP' }).flat();
    expect(items).toHaveLength(14);
    for (const item of items) expect(item.href).toBe('/project/abc');
  });

  it('puts the security-lint dot on Advisors', () => {
    const advisors = (lints: AdvisorLint[]) => sidebar({ lints }).flat().find((item) => item.key === 'advisors')?.dot;
    expect(advisors([lint('ERROR')])).toBe('red');
    expect(advisors([lint('WARN')])).toBe('amber');
    expect(advisors([])).toBeNull();
    expect(sidebar().flat().filter((item) => item.dot !== undefined).map((item) => item.key)).toEqual(['advisors']);
  });

  it('property: every href stays inside the project', () => {
    const flagArb = fc.dictionary(fc.constantFrom(...Object.keys(defaultFlags()), 'authOverview', 'storageV2', 'unifiedLogs'), fc.boolean());
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{4,20}$/),
        fc.constantFrom(...PROJECT_STATUSES, undefined),
        fc.boolean(),
        flagArb,
        (ref, status, isPlatform, flags) => {
          const items = projectSidebarGroups({ ref, status, isPlatform, flags }).flat();
          expect(items.slice(0, 3).map((i) => i.key)).toEqual(['home', 'editor', 'sql']);
          expect(items.at(-1)?.key).toBe('settings');
          for (const item of items) expect(item.href === `/project/${ref}` || item.href.startsWith(`/project/${ref}/`)).toBe(true);
        },
      ),
    );
  });
});

describe('advisorsDot (spec A2.4)', () => {
  it('is red with a security ERROR, amber with any security lint, else none', () => {
    expect(advisorsDot([lint('WARN'), lint('ERROR')])).toBe('red');
    expect(advisorsDot([lint('INFO')])).toBe('amber');
    expect(advisorsDot([])).toBeNull();
  });

  it('ignores lints of other categories', () => {
    expect(advisorsDot([lint('ERROR', ['PERFORMANCE'])])).toBeNull();
    expect(advisorsDot([lint('ERROR', ['PERFORMANCE']), lint('WARN')])).toBe('amber');
    expect(advisorsDot([lint('ERROR', ['PERFORMANCE', 'SECURITY'])])).toBe('red');
  });

  it('property: red iff a security ERROR, null iff no security lint', () => {
    const arb = fc.array(
      fc.record({ level: fc.constantFrom('ERROR', 'WARN', 'INFO'), categories: fc.subarray(['SECURITY', 'PERFORMANCE']) }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(arb, (lints) => {
        const security = lints.filter((l) => l.categories.includes('SECURITY'));
        const expected = security.some((l) => l.level === 'ERROR') ? 'red' : security.length > 0 ? 'amber' : null;
        expect(advisorsDot(lints)).toBe(expected);
      }),
    );
  });
});

describe('advisorToggleHasDot (spec A2.3)', () => {
  it('shows a red dot when any lint has level ERROR', () => {
    expect(advisorToggleHasDot([{ level: 'WARN' }, { level: 'ERROR' }])).toBe(true);
    expect(advisorToggleHasDot([{ level: 'WARN' }])).toBe(false);
    expect(advisorToggleHasDot([])).toBe(false);
  });
});

describe('activeProjectSidebarKey', () => {
  it('maps paths to their sidebar item', () => {
    expect(activeProjectSidebarKey('/project/abc')).toBe('home');
    expect(activeProjectSidebarKey('/project/abc/editor/12')).toBe('editor');
    expect(activeProjectSidebarKey('/project/abc/database/tables')).toBe('database');
    expect(activeProjectSidebarKey('/project/abc/settings/jwt')).toBe('settings');
    expect(activeProjectSidebarKey('/project/abc/branches')).toBeUndefined();
    expect(activeProjectSidebarKey('/org/acme')).toBeUndefined();
  });
});

describe('organizationSidebar (spec A2.4)', () => {
  const org = (over: Partial<Parameters<typeof organizationSidebar>[0]> = {}) =>
    organizationSidebar({ slug: 'acme', flags: defaultFlags(), orgRequiresMfa: false, aal: 'aal1', ...over });

  it('lists Projects, Team, Integrations, Usage, Billing, Organization settings', () => {
    expect(org().map(({ label, href }) => [label, href])).toEqual([
      ['Projects', '/org/acme'],
      ['Team', '/org/acme/team'],
      ['Integrations', '/org/acme/integrations'],
      ['Usage', '/org/acme/usage'],
      ['Billing', '/org/acme/billing'],
      ['Organization settings', '/org/acme/general'],
    ]);
  });

  it('shows Billing only with billing:all', () => {
    expect(org({ flags: without('billing:all') }).map((item) => item.key)).toEqual([
      'projects',
      'team',
      'integrations',
      'usage',
      'settings',
    ]);
  });

  it('disables the links when the org requires MFA and aal is not aal2', () => {
    expect(org({ orgRequiresMfa: true, aal: 'aal1' }).every((item) => item.disabled)).toBe(true);
    expect(org({ orgRequiresMfa: true, aal: undefined }).every((item) => item.disabled)).toBe(true);
    expect(org({ orgRequiresMfa: true, aal: 'aal2' }).some((item) => item.disabled)).toBe(false);
    expect(org({ orgRequiresMfa: false, aal: 'aal1' }).some((item) => item.disabled)).toBe(false);
  });
});

describe('isOrgSettingsActive (spec A2.2)', () => {
  it('is active on general and on /apps, /audit, /documents, /security', () => {
    for (const sub of ['general', 'apps', 'audit', 'documents', 'security', 'apps/oauth']) {
      expect(isOrgSettingsActive(`/org/acme/${sub}`), sub).toBe(true);
    }
    for (const sub of ['', 'team', 'billing', 'usage', 'integrations', 'invoices']) {
      expect(isOrgSettingsActive(`/org/acme/${sub}`), sub).toBe(false);
    }
    expect(isOrgSettingsActive('/project/abc/settings/security')).toBe(false);
  });

  it('drives the active org item', () => {
    expect(activeOrgSidebarKey('/org/acme')).toBe('projects');
    expect(activeOrgSidebarKey('/org/acme/audit')).toBe('settings');
    expect(activeOrgSidebarKey('/org/acme/invoices')).toBe('billing');
    expect(activeOrgSidebarKey('/org/acme/team')).toBe('team');
    expect(activeOrgSidebarKey('/project/abc')).toBeUndefined();
  });
});
