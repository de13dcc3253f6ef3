// A project's auth settings (issue 18 step 3), named as GoTrue's Management API names them (GET/PATCH
// …/config/auth), with GoTrue's defaults. Stored in the platform database (migration 0011, which says why); only
// the values a member changed are kept, so a default changed later reaches every project that never set it.
import type pg from 'pg';
import { z } from 'zod';
import type { RateLimitOverrides } from '../auth/rate-limits.ts';

/** pg-functions://postgres/{schema}/{function}: GoTrue's way of naming a Postgres hook. */
export const HOOK_URI_PATTERN = /^pg-functions:\/\/postgres\/([A-Za-z_][A-Za-z0-9_$]{0,62})\/([A-Za-z_][A-Za-z0-9_$]{0,62})$/;

const url = z.string().trim().max(2000).refine((value) => {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const perWindow = z.number().int().min(1).max(100_000);
/** Seconds; 0 turns the limit off (GoTrue's sessions_*). At most a year. */
const sessionSeconds = z.number().int().min(0).max(365 * 24 * 3600);
const clientId = z.string().trim().max(500);

/**
 * The providers beside e-mail whose settings are stored (issue 18): they sign in through outside services (OAuth
 * endpoints of Google, GitHub, …) that a local platform cannot reach, so they are kept, shown, and not used.
 */
export const EXTERNAL_PROVIDERS = ['apple', 'azure', 'github', 'gitlab', 'google'] as const;

/** What PATCH accepts: every field optional, nothing unknown (a typo is a 400, not a silently ignored setting). */
export const authConfigBody = z
  .object({
    site_url: url.optional(),
    // GoTrue's format: comma-separated URLs or globs.
    uri_allow_list: z.string().max(20_000).optional(),
    external_email_enabled: z.boolean().optional(),
    mailer_autoconfirm: z.boolean().optional(),
    password_min_length: z.number().int().min(6).max(72).optional(),
    rate_limit_otp: perWindow.optional(),
    rate_limit_verify: perWindow.optional(),
    rate_limit_token_refresh: perWindow.optional(),
    rate_limit_email_sent: perWindow.optional(),
    sessions_timebox: sessionSeconds.optional(),
    sessions_inactivity_timeout: sessionSeconds.optional(),
    mfa_totp_enroll_enabled: z.boolean().optional(),
    mfa_totp_verify_enabled: z.boolean().optional(),
    external_apple_enabled: z.boolean().optional(),
    external_apple_client_id: clientId.optional(),
    external_azure_enabled: z.boolean().optional(),
    external_azure_client_id: clientId.optional(),
    external_github_enabled: z.boolean().optional(),
    external_github_client_id: clientId.optional(),
    external_gitlab_enabled: z.boolean().optional(),
    external_gitlab_client_id: clientId.optional(),
    external_google_enabled: z.boolean().optional(),
    external_google_client_id: clientId.optional(),
    hook_custom_access_token_enabled: z.boolean().optional(),
    hook_custom_access_token_uri: z
      .string()
      .regex(HOOK_URI_PATTERN, 'must be pg-functions://postgres/{schema}/{function}')
      .or(z.literal(''))
      .optional(),
  })
  .strict();
export type AuthConfigPatch = z.infer<typeof authConfigBody>;
export type AuthConfig = Required<AuthConfigPatch>;

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  // GoTrue's default SITE_URL.
  site_url: 'http://localhost:3000',
  uri_allow_list: '',
  external_email_enabled: true,
  // Confirm e-mail on (GoTrue's default): a sign-up is confirmed by the mailed code or link.
  mailer_autoconfirm: false,
  password_min_length: 6,
  // GoTrue's defaults: per 5 minutes per client (otp, verify, refresh), mails per hour.
  rate_limit_otp: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_email_sent: 30,
  // GoTrue's defaults: sessions never time out; TOTP enrolment and verification on.
  sessions_timebox: 0,
  sessions_inactivity_timeout: 0,
  mfa_totp_enroll_enabled: true,
  mfa_totp_verify_enabled: true,
  external_apple_enabled: false,
  external_apple_client_id: '',
  external_azure_enabled: false,
  external_azure_client_id: '',
  external_github_enabled: false,
  external_github_client_id: '',
  external_gitlab_enabled: false,
  external_gitlab_client_id: '',
  external_google_enabled: false,
  external_google_client_id: '',
  hook_custom_access_token_enabled: false,
  hook_custom_access_token_uri: '',
};

export function withDefaults(stored: unknown): AuthConfig {
  const parsed = authConfigBody.safeParse(stored ?? {});
  return { ...DEFAULT_AUTH_CONFIG, ...(parsed.success ? parsed.data : {}) };
}

export async function readAuthConfig(platform: Pick<pg.Pool, 'query'>, projectId: number): Promise<AuthConfig> {
  const { rows } = await platform.query<{ settings: unknown }>('select settings from project_auth_settings where project_id = $1', [projectId]);
  return withDefaults(rows[0]?.settings);
}

export async function saveAuthConfig(platform: Pick<pg.Pool, 'query'>, projectId: number, patch: AuthConfigPatch): Promise<AuthConfig> {
  await platform.query(
    `insert into project_auth_settings (project_id, settings) values ($1, $2)
     on conflict (project_id) do update set settings = project_auth_settings.settings || excluded.settings, updated_at = now()`,
    [projectId, JSON.stringify(patch)],
  );
  return readAuthConfig(platform, projectId);
}

export const allowList = (config: AuthConfig): string[] =>
  config.uri_allow_list.split(',').map((entry) => entry.trim()).filter(Boolean);

/** The settings as the auth service's limits (server/auth/rate-limits.ts names). */
export function rateLimitsOf(config: AuthConfig): RateLimitOverrides {
  return {
    sign_in_sign_ups: { max: config.rate_limit_otp, windowSeconds: 300 },
    token_verifications: { max: config.rate_limit_verify, windowSeconds: 300 },
    token_refresh: { max: config.rate_limit_token_refresh, windowSeconds: 300 },
    // GoTrue counts a project's mails together; ours per address and per client, both held to the setting.
    email_sent: { max: config.rate_limit_email_sent, windowSeconds: 3600 },
    email_sent_per_client: { max: config.rate_limit_email_sent, windowSeconds: 3600 },
  };
}
