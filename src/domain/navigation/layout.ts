// Page chrome and layout rules (spec A2.3, A2.8).
import { LIST_SCROLL_THRESHOLD, MOBILE_BREAKPOINT, PRODUCT_NAME, SWIPE_CLOSE_THRESHOLD } from './constants.ts';
import {
  isAtOrBelow,
  isBranchesRoute,
  isProjectHomeRoute,
  isSettingsRoute,
  pathSegments,
  stripQueryAndHash,
} from './paths.ts';
import type { StatusInput } from './project-status.ts';
import { parseSearchString } from './search.ts';

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

/** True where the left sidebar is hidden: /account…, /new…, /support/new, /organizations, /sign-in (pathname without base path). spec A2.3 */
export function isSidebarHidden(pathname: string): boolean {
  if (isAtOrBelow(pathname, '/account') || isAtOrBelow(pathname, '/new')) return true;
  const path = `/${pathSegments(pathname).join('/')}`;
  return path === '/support/new' || path === '/organizations' || path === '/sign-in';
}

export interface AccountBackLinkInput {
  lastRouteBeforeAccount?: string | null;
  lastVisitedOrgSlug?: string | null;
}
/** Back link on /account pages: last route before the account pages, else /org/{last org}, else /organizations. spec A2.3 */
export function accountBackLink({ lastRouteBeforeAccount, lastVisitedOrgSlug }: AccountBackLinkInput): string {
  if (present(lastRouteBeforeAccount)) return lastRouteBeforeAccount;
  if (present(lastVisitedOrgSlug)) return `/org/${lastVisitedOrgSlug}`;
  return '/organizations';
}

/** The project product menu shows only with a project ref and off the exact /project/{ref} page. spec A2.3 */
export function showProductMenu({ ref, pathname }: { ref?: string | null; pathname: string }): boolean {
  if (!present(ref)) return false;
  return !(isProjectHomeRoute(pathname) && pathSegments(pathname)[1] === ref);
}

export interface ProductMenuStatusInput {
  status: StatusInput;
  pathname: string;
}
/** The side product menu is hidden unless ACTIVE_HEALTHY, or COMING_UP on settings routes, or on branches routes. spec A2.8 */
export function isProductMenuHiddenByStatus({ status, pathname }: ProductMenuStatusInput): boolean {
  if (status === 'ACTIVE_HEALTHY') return false;
  if (status === 'COMING_UP' && isSettingsRoute(pathname)) return false;
  if (isBranchesRoute(pathname)) return false;
  return true;
}

/** An INACTIVE project shows the paused-project view, except on the project home and settings routes. spec A2.8 */
export function showsPausedProjectView({ status, pathname }: ProductMenuStatusInput): boolean {
  return status === 'INACTIVE' && !isProjectHomeRoute(pathname) && !isSettingsRoute(pathname);
}

export interface PageTitleInput {
  page?: string | null;
  table?: string | null;
  project?: string | null;
  org?: string | null;
}
/** '{page} | Strata', or '{table} | {project} | {org} | Strata' when a table is named (missing parts skipped). spec A2.3 */
export function pageTitle({ page, table, project, org }: PageTitleInput): string {
  const parts = present(table) ? [table, project, org] : [page];
  return [...parts.filter(present), PRODUCT_NAME].join(' | ');
}

export interface HomeLinkInput {
  isPlatform: boolean;
  lastVisitedOrgSlug?: string | null;
  currentOrgSlug?: string | null;
  firstOrgSlug?: string | null;
}
/** Logo link: last visited org, else current org, else first org, else /organizations; /project/default off-platform. spec A2.3 */
export function homeLinkTarget({ isPlatform, lastVisitedOrgSlug, currentOrgSlug, firstOrgSlug }: HomeLinkInput): string {
  if (!isPlatform) return '/project/default';
  const slug = [lastVisitedOrgSlug, currentOrgSlug, firstOrgSlug].find(present);
  return slug === undefined ? '/organizations' : `/org/${slug}`;
}

/** Mobile bar logo: /organizations on the platform, /project/{ref} (or /project/default) self-hosted. spec A2.3 */
export function mobileLogoTarget({ isPlatform, ref }: { isPlatform: boolean; ref?: string | null }): string {
  if (isPlatform) return '/organizations';
  return `/project/${present(ref) ? ref : 'default'}`;
}

/** True when the mobile bar shows (viewport narrower than 768 px). spec A2.3 */
export function showsMobileBar(viewportWidth: number): boolean {
  return viewportWidth < MOBILE_BREAKPOINT;
}

/** A sheet closes on a downward swipe beyond the threshold (default 100 px), otherwise it snaps back. spec A2.3 */
export function sheetClosesOnSwipe(downwardDistance: number, threshold = SWIPE_CLOSE_THRESHOLD): boolean {
  return downwardDistance > threshold;
}

/** Switcher lists scroll when they hold more than 7 entries. spec A2.3 */
export function listScrolls(entryCount: number): boolean {
  return entryCount > LIST_SCROLL_THRESHOLD;
}

/** True when the query (string or parsed record) holds bucketId or preset. */
function keepsFifthSegment(search: string | Readonly<Record<string, unknown>> | undefined): boolean {
  if (search === undefined) return false;
  if (typeof search === 'string') {
    const query = parseSearchString(search);
    return Object.hasOwn(query, 'bucketId') || Object.hasOwn(query, 'preset');
  }
  return Object.hasOwn(search, 'bucketId') || Object.hasOwn(search, 'preset');
}

export interface SwitchProjectInput {
  pathname: string;
  search?: string | Readonly<Record<string, unknown>>;
  newRef: string;
  /**
   * Whether a path is a page of the console. Given, a cut path that is no page (/project/{ref}/settings, cut from
   * settings/general) grows back towards the current page, else falls back to its nearest parent that is a page —
   * never a shell-less 404.
   */
  isPage?: (path: string) => boolean;
}
/**
 * Target of switching project or branch: the current path cut to 4 segments (5 when the query holds bucketId or
 * preset; the leading empty segment counts) with the ref replaced; off project paths, /project/{newRef}. spec A2.3, B2.4
 */
export function switchProjectPath({ pathname, search, newRef, isPage }: SwitchProjectInput): string {
  const segments = stripQueryAndHash(pathname).split('/');
  if (segments[0] !== '' || segments[1] !== 'project' || segments[2] === undefined || segments[2] === '') {
    return `/project/${newRef}`;
  }
  const full = [...segments];
  full[2] = newRef;
  while (full.length > 3 && full[full.length - 1] === '') full.pop();
  const cutLength = Math.min(full.length, keepsFifthSegment(search) ? 5 : 4);
  const cut = full.slice(0, cutLength).join('/');
  if (isPage === undefined || isPage(cut)) return cut;
  // The same page of the other project (or the first page on the way to it), then the nearest parent page.
  for (let length = cutLength + 1; length <= full.length; length++) {
    const longer = full.slice(0, length).join('/');
    if (isPage(longer)) return longer;
  }
  for (let length = cutLength - 1; length > 3; length--) {
    const parent = full.slice(0, length).join('/');
    if (isPage(parent)) return parent;
  }
  return `/project/${newRef}`;
}

/** Target of switching organization: the same /org/{slug}/… sub-route with the slug replaced, else /org/{newSlug}. */
export function switchOrganizationPath({ pathname, newSlug }: { pathname: string; newSlug: string }): string {
  const segments = pathSegments(pathname);
  if (segments[0] !== 'org' || segments[1] === undefined) return `/org/${newSlug}`;
  return ['', 'org', newSlug, ...segments.slice(2)].join('/');
}
