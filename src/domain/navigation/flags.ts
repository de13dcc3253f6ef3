// Feature flags: names, defaults and keys (spec A4.12, A6).

/** Feature-gated capabilities ("enabled features"), all on by default except branding:large_logo. spec A6 */
export const FEATURE_FLAGS = [
  // spec A6, named capabilities
  'reports:all',
  'billing:all',
  'project_auth:all',
  'project_edge_function:all',
  'project_storage:all',
  'realtime:all',
  'projects:create',
  'organizations:create',
  'branding:large_logo',
  'infrastructure:read_replicas',
  'project_connection:show_app_frameworks',
  'project_connection:show_mobile_frameworks',
  'project_connection:show_orms',
  'search:fullIndex',
  // spec A6 flag areas: authentication options (also the auth menu flags, A2.7)
  'authentication:sign_in_providers',
  'authentication:third_party_auth',
  'authentication:rate_limits',
  'authentication:emails',
  'authentication:multi_factor',
  'authentication:attack_protection',
  'authentication:advanced',
  'authentication:show_email_phone_columns',
  'authentication:show_manual_linking',
  'authentication:show_provider_filter',
  'authentication:show_send_invitation',
  'authentication:show_sort_by_email',
  'authentication:show_sort_by_phone',
  'authentication:show_user_type_filter',
  // account, profile, organization
  'account:show_security_settings',
  'profile:show_email',
  'profile:show_information',
  'profile:show_analytics_and_marketing',
  'profile:show_account_deletion',
  'organization:show_sso_settings',
  'organization:show_security_settings',
  'organization:show_legal_documents',
  // AI opt-in levels
  'ai:opt_in_level_disabled',
  'ai:opt_in_level_schema',
  'ai:opt_in_level_schema_and_log',
  'ai:opt_in_level_schema_and_log_and_data',
  // dashboard sign-in options
  'dashboard_auth:sign_up',
  'dashboard_auth:sign_in_with_code_hosting',
  'dashboard_auth:sign_in_with_sso',
  'dashboard_auth:sign_in_with_email',
  'dashboard_auth:show_testimonial',
  'dashboard_auth:show_tos',
  // database (A2.6 optional items)
  'database:replication',
  'database:roles',
  'database:restore_to_new_project',
  'database:network_restrictions',
  // docs, edge functions, integrations
  'docs:sections',
  'docs:feedback',
  'edge_functions:show_all_examples',
  'integrations:partners',
  'integrations:wrappers',
  'integrations:hosting_provider',
  // logs
  'logs:templates',
  'logs:collections',
  'logs:metadata',
  'logs:show_metadata_ip_template',
  // project creation, homepage, add-ons, settings
  'project_creation:show_advanced_config',
  'project_homepage:show_instance_size',
  'project_homepage:show_examples',
  'project_addons:dedicated_ipv4_address',
  'project_addons:show_compute_price',
  'project_settings:custom_domains',
  'project_settings:disable_legacy_api_keys',
  'project_settings:legacy_jwt_keys',
  'project_settings:log_drains',
  'project_settings:database_upgrades',
  'project_settings:restart_project',
  // quickstarts, reports, SDKs, support
  'quickstarts:all',
  'reports:query_performance',
  'sdks:all',
  'support:show_client_libraries',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Boolean preview / remote flags the chrome reads for its links; off unless set. They are already camelCase keys and
 * are chosen so that none collides with the key of a feature flag.
 */
export const PREVIEW_FLAGS = [
  'authOverview', // A2.2: Authentication link → /auth/overview; A2.7 overview item
  'storageV2', // A2.2: Storage link → /storage/files ('new storage UI' preview)
  'unifiedLogs', // A2.2: Logs link → /logs
  'apiDocsSidePanel', // A2.2: API Docs opens a side panel
  'securityNotifications', // A2.7: Notifications group / 'Emails' item
  'columnLevelPrivileges', // A2.6: Column Privileges item
  'replicationEnabled', // A2.6: Replication without 'Coming soon'
  'homeNew', // A2.8: building project redirects to /project/{ref}
  'projectExamples', // A2.8: example projects on the building screen
  'postgresVersionSelector', // A2.9: version selector in the resume dialog
  'disableProjectCreationAndUpdate', // A6: subscription changes disabled
] as const;
export type PreviewFlag = (typeof PREVIEW_FLAGS)[number];

export type FlagName = FeatureFlag | PreviewFlag;
/** Flag values keyed by flagKey(name); a missing key reads as off. */
export type Flags = Readonly<Record<string, boolean>>;
/** Alias of Flags, for the app context. */
export type FeatureFlags = Flags;

/** Flag name → camelCase key, ':' read as '_' ('project_auth:all' → 'projectAuthAll', 'search:fullIndex' → 'searchFullIndex'). spec A4.12 */
export function flagKey(name: string): string {
  return name
    .replace(/:/g, '_')
    .replace(/_+([^_])/g, (_, next: string) => next.toUpperCase())
    .replace(/_+$/, '');
}

/** Default values of every feature flag: all on except branding:large_logo; all off with ENABLED_FEATURES_OVERRIDE_DISABLE_ALL. spec A4.12 */
export function defaultFlags(envDisableAll = false): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const name of FEATURE_FLAGS) {
    flags[flagKey(name)] = !envDisableAll && name !== 'branding:large_logo';
  }
  return flags;
}

/** Reads the env override ENABLED_FEATURES_OVERRIDE_DISABLE_ALL ('true' or '1' turns every flag off). spec A4.12 */
export function isDisableAllOverride(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

/** True when the flag is on in `flags` (looked up by its camelCase key). spec A4.12 */
export function isEnabled(flags: Flags, name: FlagName): boolean {
  return flags[flagKey(name)] === true;
}

/**
 * spec A4.12 / C9: the flag override cookie '{hosting-provider}-flag-overrides', a JSON map of flag key to value;
 * the local platform is its own host, hence 'strata-flag-overrides'. Overrides win over every other value.
 */
export const FLAG_OVERRIDE_COOKIE = 'strata-flag-overrides';

/**
 * The boolean overrides in a `document.cookie` string, keyed like `flags` (a flag name or its camelCase key).
 * A malformed cookie is ignored (spec A8), as are values that are not booleans.
 */
export function flagOverridesFromCookie(cookie: string): Record<string, boolean> {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLAG_OVERRIDE_COOKIE}=`));
  if (!entry) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(FLAG_OVERRIDE_COOKIE.length + 1)));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const overrides: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'boolean') overrides[flagKey(name)] = value;
    }
    return overrides;
  } catch {
    return {};
  }
}
