// Command-line-tool badge (spec A4.7, A3 Command-line-tool release, C§9): versions like vX.Y.Z, releases every two
// weeks. Shared by the platform (which picks the newest release from server/cli/releases.json) and the badge.

export interface CliRelease {
  /** The running command-line tool's version. */
  current: string;
  /** Newest stable release the platform knows, or null. */
  latest: string | null;
  /** Newest pre-release, or null. */
  beta: string | null;
  /** When `latest` was published (ISO), or null. */
  published_at: string | null;
}

/** spec C§9: releases every 2 weeks, next one estimated at published_at + 14 days. */
export const CLI_RELEASE_INTERVAL_MS = 14 * 24 * 60 * 60 * 1000;
/** spec C§9: version check cached 10 min. */
export const CLI_VERSION_STALE_MS = 10 * 60 * 1000;

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** Semantic-version order: negative when a < b; null when either is not a version. Pre-releases sort before. */
export function compareVersions(a: string, b: string): number | null {
  const x = VERSION.exec(a.trim());
  const y = VERSION.exec(b.trim());
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return Math.sign(d);
  }
  if (x[4] === y[4]) return 0;
  if (x[4] === undefined) return 1;
  if (y[4] === undefined) return -1;
  return x[4] < y[4] ? -1 : 1;
}

export type CliBadge = 'Beta' | 'Update available' | 'Latest';

/** spec A4.7: 'Beta' when current is newer than latest; 'Update available' when older; otherwise 'Latest'. */
export function cliBadge(release: Pick<CliRelease, 'current' | 'latest'>): CliBadge {
  if (!release.latest) return 'Latest';
  const order = compareVersions(release.current, release.latest);
  if (order === null || order === 0) return 'Latest';
  return order > 0 ? 'Beta' : 'Update available';
}

/** spec A4.7: next release estimated at published_at + 14 days; null without a date. */
export function nextReleaseEstimate(publishedAt: string | null): Date | null {
  if (!publishedAt) return null;
  const time = Date.parse(publishedAt);
  return Number.isNaN(time) ? null : new Date(time + CLI_RELEASE_INTERVAL_MS);
}

/** The newest stable and newest pre-release of a release list. */
export function newestReleases(releases: readonly { version: string; published_at: string; prerelease?: boolean }[]) {
  const newest = (list: typeof releases) =>
    list.reduce<(typeof releases)[number] | null>((best, r) => (best === null || (compareVersions(r.version, best.version) ?? 0) > 0 ? r : best), null);
  const stable = newest(releases.filter((r) => !r.prerelease && compareVersions(r.version, r.version) !== null));
  const beta = newest(releases.filter((r) => r.prerelease && compareVersions(r.version, r.version) !== null));
  return { latest: stable?.version ?? null, published_at: stable?.published_at ?? null, beta: beta?.version ?? null };
}
