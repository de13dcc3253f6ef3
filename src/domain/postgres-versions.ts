// Postgres versions offered at project creation (spec A3 "Postgres version", A7 available-versions).

export interface AvailableVersion {
  /** Prefixed, e.g. 'strata-postgres-15.8' or '…-17.4-orioledb'. */
  version: string;
  /** e.g. 'ga'. */
  release_channel: string;
  /** e.g. '15' or '17-oriole'. */
  postgres_engine: string;
}

export interface VersionChoice {
  postgres_engine: string;
  release_channel: string;
}

/** spec A3: general availability, the channel preferred by default. */
export const GA_CHANNEL = 'ga';
const SEPARATOR = '|';

/** spec A3: the selection value is stored as engine|channel. */
export const versionValue = (version: Pick<AvailableVersion, 'postgres_engine' | 'release_channel'>): string =>
  `${version.postgres_engine}${SEPARATOR}${version.release_channel}`;

/** The engine and channel of a selection value, or null when it is not engine|channel. */
export function parseVersionValue(value: string): VersionChoice | null {
  const parts = value.split(SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { postgres_engine: parts[0], release_channel: parts[1] };
}

/** The version as shown: the product prefix removed ('strata-postgres-15.8' → '15.8'). */
export function versionNumber(version: string): string {
  const match = /postgres-(.+)$/.exec(version);
  return (match ? match[1]! : version).replace(/-orioledb$/, '');
}

const numericParts = (version: string) => versionNumber(version).split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);

function compareDescending(a: AvailableVersion, b: AvailableVersion): number {
  const left = numericParts(a.version);
  const right = numericParts(b.version);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (right[i] ?? 0) - (left[i] ?? 0);
    if (diff !== 0) return diff;
  }
  // Same number: ga first, then by channel name so the order is stable.
  if ((a.release_channel === GA_CHANNEL) !== (b.release_channel === GA_CHANNEL)) return a.release_channel === GA_CHANNEL ? -1 : 1;
  return a.release_channel.localeCompare(b.release_channel) || a.postgres_engine.localeCompare(b.postgres_engine);
}

/** Newest first; one entry per selection value. */
export function sortVersions(versions: readonly AvailableVersion[]): AvailableVersion[] {
  const seen = new Set<string>();
  return [...versions].sort(compareDescending).filter((version) => {
    const value = versionValue(version);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

/** The default selection: the newest ga version, else the newest; '' when none is offered. */
export function defaultVersionValue(versions: readonly AvailableVersion[]): string {
  const sorted = sortVersions(versions);
  const preferred = sorted.find((version) => version.release_channel === GA_CHANNEL) ?? sorted[0];
  return preferred ? versionValue(preferred) : '';
}

export function versionLabel(version: AvailableVersion): string {
  const oriole = /orioledb$/.test(version.version) || /oriole/.test(version.postgres_engine) ? ' (OrioleDB)' : '';
  const channel = version.release_channel === GA_CHANNEL ? '' : ` — ${version.release_channel}`;
  return `Postgres ${versionNumber(version.version)}${oriole}${channel}`;
}
