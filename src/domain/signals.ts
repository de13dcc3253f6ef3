// The console's signals (issue 21): remote flags, consent, telemetry, client errors and the version notice.
// Pure rules and constants of spec A2.14, A4.10, A4.12, A4.13, A8 and C§9; the platform's collector uses the same
// scrubbing (server/routes/telemetry.ts).

/** spec C§9: remote flags are polled every 420 s. */
export const REMOTE_FLAGS_POLL_MS = 420_000;
/** spec C§9: 'version check 10 min' (the deployment commit is read again at most this often while a page is open). */
export const VERSION_CHECK_MS = 10 * 60_000;
/** spec C§9: refresh notice threshold 24 h (A2.14 reading b). */
export const REFRESH_NOTICE_MS = 24 * 60 * 60_000;
import { TELEMETRY_MAX_PENDING } from './telemetry-limits.ts';
import { TELEMETRY_EVENTS } from './telemetry-events.ts';
import { FEATURE_FLAGS, flagKey } from './navigation/flags.ts';

const FEATURE_FLAG_KEYS: ReadonlySet<string> = new Set(FEATURE_FLAGS.map(flagKey));
export { TELEMETRY_MAX_PENDING };
/** spec A4.10: the legacy consent entry accepted automatically, then removed. */
export const LEGACY_CONSENT_KEY = 'TELEMETRY_CONSENT';
/** Where the consent provider (the console itself, locally) keeps the decision: {layer, accepted}. */
export const CONSENT_STORAGE_KEY = 'strata-consent';
/** spec A4.13: the telemetry-data cookie written while consent is not given, and the session_id cookie. */
export const TELEMETRY_DATA_COOKIE = 'strata-telemetry-data';
export const SESSION_ID_COOKIE = 'session_id';
/** spec C§9: telemetry requests carry the header Version: 2. */
export const TELEMETRY_VERSION_HEADER = { Version: '2' } as const;
/** spec A4.12: the JSON script element that holds the loaded flag values. */
export const FLAG_VALUES_ELEMENT_ID = 'strata-flag-values';

// spec A2.14 (a): the version toast.
export const NEW_VERSION_MESSAGE = 'new version of this page is available';
export const NEW_VERSION_NOT_NOW = 'Not now';
export const NEW_VERSION_REFRESH = 'Refresh';
// spec A2.14 (b): the persistent 'refresh' toast. The spec names it only by its button; the sentence is ours.
export const REFRESH_NOTICE_MESSAGE = 'A newer version of the dashboard is available. Refresh to load it.';

// The consent toast (spec A2.14 / A4.10 names it, with accept and deny; the wording is ours).
export const CONSENT_MESSAGE = 'We use first-party cookies to improve our services.';
export const CONSENT_ACCEPT = 'Accept';
export const CONSENT_DENY = 'Opt out';

export type FlagValue = boolean | string | number | null;
export interface RemoteFlagItem {
  settingKey: string;
  settingValue: FlagValue;
}

/**
 * The local platform's remote flag defaults (spec A4.12): served by its flag service until an admin stores another
 * value (a reset returns to them). Read replicas are really built here (issue 20, A4.5), so the Database menu's
 * Replication item is not 'Coming soon' (A2.6: 'Coming soon' unless replicationEnabled).
 */
export const PLATFORM_REMOTE_FLAG_DEFAULTS: Readonly<Record<string, FlagValue>> = { replicationEnabled: true };

/** The remote flag list the flag service serves: its defaults, overlaid by the stored flags, by key. */
export function servedRemoteFlags(stored: readonly RemoteFlagItem[], defaults: Readonly<Record<string, FlagValue>> = PLATFORM_REMOTE_FLAG_DEFAULTS): RemoteFlagItem[] {
  const values = new Map<string, FlagValue>(Object.entries(defaults));
  for (const item of stored) values.set(item.settingKey, item.settingValue);
  return [...values.keys()].sort().map((settingKey) => ({ settingKey, settingValue: values.get(settingKey)! }));
}

/**
 * spec A4.12: a remote flag's value: the override cookie's value when there is one; else null when null; else the
 * value, with other empty values (undefined, '', 0, false) becoming false.
 */
export function remoteFlagValue(value: FlagValue | undefined, override: boolean | undefined): FlagValue {
  if (override !== undefined) return override;
  if (value === null) return null;
  return value || false;
}

/** spec A4.12: the flag values the console reads: defaults, then remote flags (camelCase keys), then overrides. */
export function mergeFlags(
  defaults: Readonly<Record<string, boolean>>,
  remote: readonly RemoteFlagItem[],
  overrides: Readonly<Record<string, boolean>>,
  keyOf: (name: string) => string,
): Record<string, boolean> {
  const flags: Record<string, boolean> = { ...defaults };
  for (const item of remote) {
    const key = keyOf(item.settingKey);
    const value = remoteFlagValue(item.settingValue, overrides[key]);
    // The console's reads are boolean: a string or number flag is on when truthy.
    flags[key] = value === null ? false : Boolean(value);
  }
  return { ...flags, ...overrides };
}

/**
 * spec A4.12: the values the console reads, as the flags provider has them: defaults, remote flags, then the override
 * cookie; with ENABLED_FEATURES_OVERRIDE_DISABLE_ALL a remote value never turns a feature flag back on. The platform
 * computes the same for the page it serves (server/http/console.ts), so the first render matches the provider's.
 */
export function consoleFlagValues(input: {
  defaults: Readonly<Record<string, boolean>>;
  remote: readonly RemoteFlagItem[];
  overrides: Readonly<Record<string, boolean>>;
  disableAll: boolean;
}): Record<string, boolean> {
  const applied = input.disableAll ? input.remote.filter((item) => !FEATURE_FLAG_KEYS.has(flagKey(item.settingKey))) : input.remote;
  return mergeFlags(input.defaults, applied, input.overrides, flagKey);
}

/**
 * spec A4.12: lookup. When the store is non-empty and the key absent, the message of A8 and false; otherwise the
 * stored value.
 */
export function lookupFlag(store: Readonly<Record<string, FlagValue>>, key: string): { value: FlagValue; error: string | null } {
  if (Object.keys(store).length > 0 && !(key in store)) {
    return { value: false, error: `Flag key "${key}" does not exist in the flag store.` };
  }
  return { value: store[key] ?? false, error: null };
}

/** spec A4.12: the JSON of the flag-values script element, every '<' escaped. */
export function flagValuesJson(flags: Readonly<Record<string, FlagValue>>): string {
  return JSON.stringify(flags).replace(/</g, '\\u003c');
}

/** spec A4.12: the flags whose value differs from the stored (last tracked) one: only those send a track event. */
export function changedFlags(
  stored: Readonly<Record<string, FlagValue>>,
  next: Readonly<Record<string, FlagValue>>,
): { feature_flag_name: string; feature_flag_value: FlagValue }[] {
  return Object.entries(next)
    .filter(([name, value]) => stored[name] !== value)
    .map(([name, value]) => ({ feature_flag_name: name, feature_flag_value: value }));
}

/** spec A4.13: a bounded queue: the newest `max` events, the oldest dropped. */
export function enqueueBounded<T>(queue: readonly T[], item: T, max = TELEMETRY_MAX_PENDING): T[] {
  const next = [...queue, item];
  return next.length > max ? next.slice(next.length - max) : next;
}

export interface DeploymentCommit {
  commitSha: string;
  /** ISO time the console was built. */
  commitTime: string;
}

/**
 * spec A2.14 both readings, C§9: what to show after reading the deployment commit.
 * (a) 'newVersion' when the served build differs from the one this page loaded and was not dismissed already;
 * (b) 'refresh' once, when the fetched commit time is 24 h or more newer than the first one seen.
 */
export function versionNotice(options: {
  loadedSha: string;
  firstSeenTime: string | null;
  fetched: DeploymentCommit;
  dismissedSha: string | null;
  refreshShown: boolean;
}): 'newVersion' | 'refresh' | null {
  const { loadedSha, firstSeenTime, fetched, dismissedSha, refreshShown } = options;
  if (!refreshShown && firstSeenTime !== null) {
    const gap = Date.parse(fetched.commitTime) - Date.parse(firstSeenTime);
    if (Number.isFinite(gap) && gap >= REFRESH_NOTICE_MS) return 'refresh';
  }
  if (fetched.commitSha !== loadedSha && fetched.commitSha !== dismissedSha) return 'newVersion';
  return null;
}

// ---- scrubbing: telemetry and client errors never hold secrets (issue 21) ----

const SECRET_FIELD = /pass(word|wd)?|secret|token|api[-_]?key|apikey|authorization|cookie|jwt|credential|private|^key$|_key$|otp|code_verifier/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// Strata's and common providers' key shapes, and long random tokens.
const KEY_LIKE = /\b(strata_(secret|publishable)_[A-Za-z0-9_-]+|sb_(secret|publishable)_[A-Za-z0-9_-]+|sk_[A-Za-z0-9_-]{16,}|[A-Za-z0-9_-]{40,})\b/g;
// Credentials in a connection string or URL: scheme://user:password@host
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
// Sensitive query parameters and fragment entries: ?token=..., #access_token=...
const SECRET_PARAM = /([?&#;](?:[A-Za-z0-9_-]*(?:token|secret|password|passwd|apikey|api_key|key|code|jwt|signature|sig))=)[^&#\s"']*/gi;

export const SCRUBBED = '[scrubbed]';
// The console's own event names are constants, never secrets; kept whole, since the longest of them
// (branch_create_merge_request_button_clicked, 42 characters) has the shape of a long random token (KEY_LIKE).
const KNOWN_NAMES: ReadonlySet<string> = new Set(Object.values(TELEMETRY_EVENTS));

/** A string with e-mail addresses, tokens, keys and passwords replaced. */
export function scrubText(text: string): string {
  return text
    .replace(URL_PASSWORD, `$1${SCRUBBED}@`)
    .replace(SECRET_PARAM, `$1${SCRUBBED}`)
    .replace(BEARER, `$1 ${SCRUBBED}`)
    .replace(JWT, SCRUBBED)
    .replace(KEY_LIKE, SCRUBBED)
    .replace(EMAIL, '[email]');
}

/** A JSON value with secret-named fields blanked and every string scrubbed; depth-limited (deeper is dropped). */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return SCRUBBED;
  if (typeof value === 'string') return KNOWN_NAMES.has(value) ? value : scrubText(value);
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) {
      out[scrubText(field)] = SECRET_FIELD.test(field) && inner !== null && typeof inner !== 'boolean' ? SCRUBBED : scrubSecrets(inner, depth + 1);
    }
    return out;
  }
  return value;
}

/** spec A4.13: the telemetry-data cookie's JSON, or null when absent or malformed ('Invalid telemetry data:'). */
export function readTelemetryDataCookie(cookie: string): Record<string, unknown> | null {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TELEMETRY_DATA_COOKIE}=`));
  if (!entry) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(TELEMETRY_DATA_COOKIE.length + 1)));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * spec A4.13: groups from the route (slug, ref) unless given explicitly; a project 'Unknown' is removed, and when
 * the organization is then 'Unknown' too, the whole groups object (A5).
 */
export function telemetryGroups(params: { slug?: string; ref?: string; organizationSlug?: string; projectRef?: string }):
  | { organization?: string; project?: string }
  | undefined {
  const organization = params.organizationSlug ?? params.slug;
  const project = params.projectRef ?? params.ref;
  const groups: { organization?: string; project?: string } = {};
  if (organization) groups.organization = organization;
  if (project && project !== 'Unknown') groups.project = project;
  if (!groups.project && (groups.organization === 'Unknown' || !groups.organization)) return undefined;
  return groups;
}
