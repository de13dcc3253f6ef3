import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROJECT_STATUSES } from './navigation/project-status.ts';
import { showsPausedProjectView } from './navigation/layout.ts';
import {
  PAUSE_POLL_MS,
  PAUSE_POLL_START_MS,
  REST_PING_INTERVAL_MS,
  REST_PING_TIMEOUT_MS,
  ROUTE_KINDS,
  STATUS_POLL_MS,
  UPGRADE_POLL_MS,
  routeKind,
  statusScreen,
  type PostgrestStatus,
  type RouteKind,
  type StatusScreen,
} from './project-status.ts';
import { API_KEYS_TEXT, apiKeysPanel, keysLastUsedText } from './project-screens.ts';

// The precedence of spec A4.1 (and the paused rule of A2.8) written out as data, rule by rule, as the oracle.
type Rule = { screen: StatusScreen; statuses?: string[]; offline?: true; exceptOn?: RouteKind[] };
const SPEC_RULES: Rule[] = [
  { screen: 'restarting', statuses: ['RESTARTING'], exceptOn: ['backups'] },
  { screen: 'resizing', statuses: ['RESIZING'], exceptOn: ['backups'] },
  { screen: 'upgrading', statuses: ['UPGRADING'], exceptOn: ['backups'] },
  { screen: 'pausing', statuses: ['GOING_DOWN', 'PAUSING'] },
  { screen: 'pauseFailed', statuses: ['PAUSE_FAILED'] },
  { screen: 'connecting', offline: true, exceptOn: ['reports', 'settings'] },
  { screen: 'restoring', statuses: ['RESTORING'] },
  { screen: 'restoreFailed', statuses: ['RESTORE_FAILED'] },
  { screen: 'building', statuses: ['COMING_UP', 'UNKNOWN'], exceptOn: ['settings', 'branches'] },
  { screen: 'paused', statuses: ['INACTIVE'], exceptOn: ['home', 'settings'] },
];
function expected(status: string, postgrest: PostgrestStatus | null, kind: RouteKind): StatusScreen {
  const rule = SPEC_RULES.find(
    (r) =>
      (r.offline ? postgrest === 'OFFLINE' : r.statuses!.includes(status)) && !(r.exceptOn ?? []).includes(kind),
  );
  return rule?.screen ?? 'none';
}

const POSTGREST: (PostgrestStatus | null)[] = [null, 'ONLINE', 'OFFLINE'];

describe('project status screen (spec A4.1, A2.8)', () => {
  it('constants are the spec numbers (A4.1, A4.2, C9)', () => {
    expect([STATUS_POLL_MS, PAUSE_POLL_START_MS, PAUSE_POLL_MS, REST_PING_INTERVAL_MS, REST_PING_TIMEOUT_MS, UPGRADE_POLL_MS]).toEqual([
      4000, 4000, 2000, 4000, 2000, 5000,
    ]);
  });

  it('route kinds from pathnames', () => {
    expect(routeKind('/project/abc')).toBe('home');
    expect(routeKind('/project/abc/')).toBe('home');
    expect(routeKind('/project/abc/database/backups/scheduled')).toBe('backups');
    expect(routeKind('/project/abc/database/tables')).toBe('other');
    expect(routeKind('/project/abc/reports/api')).toBe('reports');
    expect(routeKind('/project/abc/settings/general')).toBe('settings');
    expect(routeKind('/project/abc/branches')).toBe('branches');
    expect(routeKind('/project/abc/editor/12')).toBe('other');
    expect(routeKind('/org/acme')).toBe('other');
  });

  // Every status × route kind × REST state: 12 × 6 × 3 = 216 rows.
  const rows = PROJECT_STATUSES.flatMap((status) =>
    ROUTE_KINDS.flatMap((kind) => POSTGREST.map((postgrest) => [status, kind, postgrest] as const)),
  );
  it.each(rows)('%s on a %s route with REST %s', (status, kind, postgrest) => {
    expect(statusScreen({ loading: false, status, postgrestStatus: postgrest, routeKind: kind })).toBe(expected(status, postgrest, kind));
  });

  it('hand-checked rows', () => {
    const s = (status: string, routeKind: RouteKind, postgrestStatus: PostgrestStatus | null = null) =>
      statusScreen({ loading: false, status, postgrestStatus, routeKind });
    expect(s('RESTARTING', 'other')).toBe('restarting');
    expect(s('RESTARTING', 'backups')).toBe('none');
    expect(s('UPGRADING', 'backups', 'OFFLINE')).toBe('connecting');
    expect(s('PAUSING', 'backups')).toBe('pausing');
    expect(s('GOING_DOWN', 'settings', 'OFFLINE')).toBe('pausing');
    expect(s('ACTIVE_HEALTHY', 'other', 'OFFLINE')).toBe('connecting');
    expect(s('ACTIVE_HEALTHY', 'reports', 'OFFLINE')).toBe('none');
    expect(s('ACTIVE_HEALTHY', 'settings', 'OFFLINE')).toBe('none');
    expect(s('RESTORING', 'other', 'OFFLINE')).toBe('connecting');
    expect(s('RESTORING', 'settings', 'OFFLINE')).toBe('restoring');
    expect(s('COMING_UP', 'settings')).toBe('none');
    expect(s('UNKNOWN', 'branches')).toBe('none');
    expect(s('UNKNOWN', 'home')).toBe('building');
    expect(s('INACTIVE', 'home')).toBe('none');
    expect(s('INACTIVE', 'settings')).toBe('none');
    expect(s('INACTIVE', 'backups')).toBe('paused');
    expect(s('ACTIVE_HEALTHY', 'other', 'ONLINE')).toBe('none');
  });

  it('loading comes first, whatever else holds', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROJECT_STATUSES), fc.constantFrom(...ROUTE_KINDS), fc.constantFrom(...POSTGREST), (status, kind, postgrest) => {
        expect(statusScreen({ loading: true, status, postgrestStatus: postgrest, routeKind: kind })).toBe('loading');
      }),
    );
  });

  it('an unknown status or none shows the page unless the REST service is offline', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string().filter((s) => !(PROJECT_STATUSES as readonly string[]).includes(s)), fc.constant(null), fc.constant(undefined)),
        fc.constantFrom(...ROUTE_KINDS),
        fc.constantFrom(...POSTGREST),
        (status, kind, postgrest) => {
          const offlineShows = postgrest === 'OFFLINE' && kind !== 'reports' && kind !== 'settings';
          expect(statusScreen({ loading: false, status, postgrestStatus: postgrest, routeKind: kind })).toBe(offlineShows ? 'connecting' : 'none');
        },
      ),
    );
  });

  it('any path below /project/{ref} gets a kind that depends only on its first two sub-segments', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    fc.assert(
      fc.property(segment, fc.array(segment, { maxLength: 4 }), (ref, rest) => {
        const kind = routeKind(`/project/${ref}/${rest.join('/')}`);
        if (rest.length === 0) expect(kind).toBe('home');
        else if (rest[0] === 'database' && rest[1] === 'backups') expect(kind).toBe('backups');
        else if (['reports', 'settings', 'branches'].includes(rest[0]!)) expect(kind).toBe(rest[0]);
        else expect(kind).toBe('other');
      }),
    );
  });
});

describe('API keys panel (spec A2.13)', () => {
  it('builds the project URL and reads the keys by tag', () => {
    const panel = apiKeysPanel({
      app_config: { protocol: 'http', endpoint: 'localhost:54321/p/abc' },
      service_api_keys: [
        { api_key: 'anon-key', tags: 'anon' },
        { api_key: 'service-key', tags: 'service_role' },
      ],
    });
    expect(panel).toEqual({ projectUrl: 'http://localhost:54321/p/abc', anon: 'anon-key', serviceRole: 'service-key', canViewAll: true });
  });
  it('defaults the protocol to https; a missing service_role key means no permission', () => {
    const panel = apiKeysPanel({ app_config: { endpoint: 'x.example' }, service_api_keys: [{ api_key: 'a', tags: 'anon' }] });
    expect(panel.projectUrl).toBe('https://x.example');
    expect(panel.serviceRole).toBeNull();
    expect(panel.canViewAll).toBe(false);
    expect(API_KEYS_TEXT.noPermission).toMatch(/^You don't have permission to view API keys/);
    expect(apiKeysPanel({}).projectUrl).toBeNull();
  });
});

describe('agreement with the chrome rules of A2.8 (navigation/layout.ts)', () => {
  it('the paused screen shows exactly where showsPausedProjectView says', () => {
    const segment = fc.constantFrom('abc', 'settings', 'general', 'database', 'backups', 'reports', 'branches', 'editor', 'x');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), (rest) => {
        const pathname = `/project/abc/${rest.join('/')}`;
        const screen = statusScreen({ loading: false, status: 'INACTIVE', postgrestStatus: null, routeKind: routeKind(pathname) });
        expect(screen === 'paused').toBe(showsPausedProjectView({ status: 'INACTIVE', pathname }));
      }),
    );
  });
});

describe('keysLastUsedText (spec A2.13)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('says how long ago the last request was, within 24 hours', () => {
    expect(keysLastUsedText(ago(1_000), now)).toBe('Last request was 1 second ago.');
    expect(keysLastUsedText(ago(42_000), now)).toBe('Last request was 42 seconds ago.');
    expect(keysLastUsedText(ago(5 * 60_000), now)).toBe('Last request was 5 minutes ago.');
    expect(keysLastUsedText(ago(3 * 3600_000), now)).toBe('Last request was 3 hours ago.');
  });
  it('says there were none when older than 24 hours, unknown or missing', () => {
    expect(keysLastUsedText(ago(25 * 3600_000), now)).toBe('No requests in the past 24 hours.');
    expect(keysLastUsedText(null, now)).toBe('No requests in the past 24 hours.');
    expect(keysLastUsedText('garbage', now)).toBe('No requests in the past 24 hours.');
  });
});
