// The project layout by status (spec A2.8) and its screen precedence and polling (spec A4.1, C9).
import {
  isBackupsRoute,
  isBranchesRoute,
  isProjectHomeRoute,
  isReportsRoute,
  isSettingsRoute,
} from './navigation/paths.ts';
import type { StatusInput } from './navigation/project-status.ts';

// spec A4.1 polling, C9 "Polling: status 4 s; pausing every 2 s after 4 s; … REST ping timeout 2 s".
/** Building, resizing, restarting and restoring re-read the status every 4 s. spec A4.1, C9 */
export const STATUS_POLL_MS = 4000;
/** Pausing waits 4 s before its first read. spec A4.1, C9 */
export const PAUSE_POLL_START_MS = 4000;
/** …then reads every 2 s until INACTIVE. spec A4.1, C9 */
export const PAUSE_POLL_MS = 2000;
/** Connecting pings the project's REST API every 4 s. spec A4.1 */
export const REST_PING_INTERVAL_MS = 4000;
/** Each REST ping gives up after 2 s. spec A4.1, A7, C9 */
export const REST_PING_TIMEOUT_MS = 2000;
/** The upgrade status is re-read every 5 s. spec A4.2, C9 */
export const UPGRADE_POLL_MS = 5000;
/** The building screen offers a support ticket after 2 minutes. spec A2.8 */
export const BUILDING_SUPPORT_AFTER_MS = 2 * 60_000;

/** The kinds of project route the precedence distinguishes. spec A2.8, A4.1 */
export const ROUTE_KINDS = ['backups', 'reports', 'settings', 'branches', 'home', 'other'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** The route kind of a console pathname (without the base path). */
export function routeKind(pathname: string): RouteKind {
  if (isProjectHomeRoute(pathname)) return 'home';
  if (isBackupsRoute(pathname)) return 'backups';
  if (isReportsRoute(pathname)) return 'reports';
  if (isSettingsRoute(pathname)) return 'settings';
  if (isBranchesRoute(pathname)) return 'branches';
  return 'other';
}

export const STATUS_SCREENS = [
  'loading',
  'restarting',
  'resizing',
  'upgrading',
  'pausing',
  'pauseFailed',
  'connecting',
  'restoring',
  'restoreFailed',
  'building',
  'paused',
  'none',
] as const;
/** What the project layout shows instead of the page ('none': the page itself). */
export type StatusScreen = (typeof STATUS_SCREENS)[number];

export type PostgrestStatus = 'ONLINE' | 'OFFLINE';

export interface StatusScreenInput {
  loading: boolean;
  status: StatusInput;
  postgrestStatus?: PostgrestStatus | null;
  routeKind: RouteKind;
}

/**
 * The screen of the project layout, in the precedence of spec A4.1:
 * 1 loading; 2 RESTARTING / RESIZING / UPGRADING unless on a backups route; 3 GOING_DOWN / PAUSING; 4 PAUSE_FAILED;
 * 5 REST service OFFLINE unless on reports or settings; 6 RESTORING; 7 RESTORE_FAILED; 8 COMING_UP / UNKNOWN unless
 * on settings or branches. Then spec A2.8: INACTIVE shows the paused view except on home (the home page shows the
 * paused card itself) and settings. The status machine only reports OFFLINE for an ACTIVE_HEALTHY project (it pings
 * only then), so step 5 never hides another status's screen in practice.
 */
export function statusScreen({ loading, status, postgrestStatus, routeKind: kind }: StatusScreenInput): StatusScreen {
  if (loading) return 'loading';
  if (kind !== 'backups') {
    if (status === 'RESTARTING') return 'restarting';
    if (status === 'RESIZING') return 'resizing';
    if (status === 'UPGRADING') return 'upgrading';
  }
  if (status === 'GOING_DOWN' || status === 'PAUSING') return 'pausing';
  if (status === 'PAUSE_FAILED') return 'pauseFailed';
  if (postgrestStatus === 'OFFLINE' && kind !== 'reports' && kind !== 'settings') return 'connecting';
  if (status === 'RESTORING') return 'restoring';
  if (status === 'RESTORE_FAILED') return 'restoreFailed';
  if ((status === 'COMING_UP' || status === 'UNKNOWN') && kind !== 'settings' && kind !== 'branches') return 'building';
  if (status === 'INACTIVE' && kind !== 'home' && kind !== 'settings') return 'paused';
  return 'none';
}

/** The statuses the status machine polls in, by what it polls for. spec A4.1 */
export const BUILDING_STATUSES: readonly string[] = ['COMING_UP', 'UNKNOWN'];
export const PAUSING_STATUSES: readonly string[] = ['PAUSING', 'GOING_DOWN'];
export const RESTARTING_STATUSES: readonly string[] = ['RESTARTING', 'RESIZING'];
