// spec A3 local preferences: the last visited organization (used by the home link, the account back link and
// the redirect after deleting a project). Plain browser storage, read and written by routes, never by machines.
const KEY = 'strata.last-visited-organization';

export function writeLastVisitedOrg(slug: string): void {
  try {
    localStorage.setItem(KEY, slug);
  } catch {
    // Storage may be unavailable (private mode); the home link then falls back to the current organization.
  }
}

/** The stored slug, only while it still names one of the user's organizations. */
export function readLastVisitedOrg(knownSlugs?: readonly string[]): string | undefined {
  let slug: string | null = null;
  try {
    slug = localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (!slug) return undefined;
  if (knownSlugs && !knownSlugs.includes(slug)) return undefined;
  return slug;
}
