// spec C9: cache times of the console's data layer, used as route-loader staleTime.
const MINUTE = 60_000;
export const PROJECT_LIST_STALE_MS = 30 * MINUTE;
export const USAGE_STALE_MS = 60 * MINUTE;
export const ADDONS_STALE_MS = 60 * MINUTE;
export const RESOURCE_WARNINGS_STALE_MS = 60 * MINUTE;
export const CODE_HOSTING_CONNECTIONS_STALE_MS = 30 * MINUTE;
export const VERSION_CHECK_STALE_MS = 10 * MINUTE;
/** Not given by the spec: the organization list and one project's details are re-read after a minute. */
export const ORGANIZATIONS_STALE_MS = MINUTE;
export const PROJECT_DETAILS_STALE_MS = MINUTE;
