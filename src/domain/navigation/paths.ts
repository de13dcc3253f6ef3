// Path predicates shared by the chrome rules (spec A2.1, A2.2, A2.8, A4.1).
import { BASE_PATH } from './constants.ts';

/** Non-empty segments of a pathname ('/project/abc/' → ['project', 'abc']); query and hash are ignored. */
export function pathSegments(pathname: string): string[] {
  return stripQueryAndHash(pathname)
    .split('/')
    .filter((segment) => segment !== '');
}

/** The pathname without its query string and hash. */
export function stripQueryAndHash(pathname: string): string {
  const cut = pathname.search(/[?#]/);
  return cut === -1 ? pathname : pathname.slice(0, cut);
}

/** The pathname with the /dashboard base path removed (always starts with '/'). spec A2.1 */
export function stripBasePath(pathname: string): string {
  if (pathname === BASE_PATH) return '/';
  if (pathname.startsWith(`${BASE_PATH}/`) || pathname.startsWith(`${BASE_PATH}?`) || pathname.startsWith(`${BASE_PATH}#`)) {
    const rest = pathname.slice(BASE_PATH.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return pathname;
}

/** The pathname with the /dashboard base path in front. spec A2.1 */
export function withBasePath(pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return path === '/' ? BASE_PATH : `${BASE_PATH}${path}`;
}

/** True when the path is `prefix` itself or below it, segment-wise ('/new' matches '/new/x', not '/newx'). */
export function isAtOrBelow(pathname: string, prefix: string): boolean {
  const want = pathSegments(prefix);
  const have = pathSegments(pathname);
  return want.length <= have.length && want.every((segment, i) => have[i] === segment);
}

/** The project ref of a /project/{ref}/… path, else undefined. spec A2.2 */
export function projectRefFromPath(pathname: string): string | undefined {
  const [first, ref] = pathSegments(pathname);
  return first === 'project' && ref !== undefined ? ref : undefined;
}

/** The organization slug of an /org/{slug}/… path, else undefined. spec A2.2 */
export function orgSlugFromPath(pathname: string): string | undefined {
  const [first, slug] = pathSegments(pathname);
  return first === 'org' && slug !== undefined ? slug : undefined;
}

/** The sub-route segments after /project/{ref} (empty on the project home or off project paths). */
function projectSubSegments(pathname: string): string[] {
  const segments = pathSegments(pathname);
  return segments[0] === 'project' && segments.length >= 2 ? segments.slice(2) : [];
}

/** True on exactly /project/{ref} (the project home). spec A2.2, A2.3 */
export function isProjectHomeRoute(pathname: string): boolean {
  const segments = pathSegments(pathname);
  return segments[0] === 'project' && segments.length === 2;
}

/** True on /project/{ref}/settings/…. spec A2.8, A4.1 */
export function isSettingsRoute(pathname: string): boolean {
  return projectSubSegments(pathname)[0] === 'settings';
}

/** True on /project/{ref}/branches/…. spec A2.8, A4.1 */
export function isBranchesRoute(pathname: string): boolean {
  return projectSubSegments(pathname)[0] === 'branches';
}

/** True on /project/{ref}/reports/…. spec A4.1 */
export function isReportsRoute(pathname: string): boolean {
  return projectSubSegments(pathname)[0] === 'reports';
}

/** True on /project/{ref}/database/backups/…. spec A4.1 */
export function isBackupsRoute(pathname: string): boolean {
  const [area, page] = projectSubSegments(pathname);
  return area === 'database' && page === 'backups';
}

/** '/project/{ref}' followed by an optional sub-path ('editor', '/settings/general'). spec A2.2 */
export function projectPath(ref: string, subPath = ''): string {
  const sub = subPath.replace(/^\/+/, '');
  return sub === '' ? `/project/${ref}` : `/project/${ref}/${sub}`;
}

/** '/org/{slug}' followed by an optional sub-path. spec A2.2 */
export function orgPath(slug: string, subPath = ''): string {
  const sub = subPath.replace(/^\/+/, '');
  return sub === '' ? `/org/${slug}` : `/org/${slug}/${sub}`;
}
