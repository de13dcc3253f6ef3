// Query-string addressing rules (spec A2.1).
import { BASE_PATH } from './constants.ts';
import { isAtOrBelow } from './paths.ts';

export type SearchRecord = Record<string, string>;

/** Reads a kebab-case query key as camelCase ('a-b' → 'aB', 'bucket-id' → 'bucketId'). spec A2.1 */
export function kebabToCamel(key: string): string {
  return key.replace(/-([^-])/g, (_, next: string) => next.toUpperCase());
}

/** Parses '?a-b=1&c=2&c=3' into { aB: '1', c: '2' }: keys camelCased, of repeated keys the first value wins. spec A2.1 */
export function parseSearchString(search: string): SearchRecord {
  const result: SearchRecord = {};
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const key = kebabToCamel(rawKey);
    if (key === '' || Object.hasOwn(result, key)) continue;
    result[key] = value;
  }
  return result;
}

/** Writes { a: 1, b: 'x' } as '?a=1&b=x' (keys as given; undefined, null and '' omitted; objects as JSON; '' when empty). spec A2.1 */
export function stringifySearch(search: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Appends '/platform' to an API base URL that does not already end with it (trailing slashes dropped). spec A2.1 */
export function toPlatformApiBase(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/platform') ? base : `${base}/platform`;
}

/** True for API routes: /api and below, with or without the /dashboard base path. spec A1, A2.1 */
export function isApiPath(pathname: string): boolean {
  return isAtOrBelow(pathname, '/api') || isAtOrBelow(pathname, `${BASE_PATH}/api`);
}
