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
/** Goes into a mail header: no line breaks. */
const headerText = (max: number) => z.string().trim().max(max).refine((value) => !/[\r\n]/.test(value), 'must be one line');
const emailAddress = z.string().trim().max(320).refine((value) => value === '' || /^[^\s@<>"]+@[^\s@<>"]+$/.test(value), 'must be an e-mail address');
const templateSubject = headerText(500);
const templateContent = z.string().max(50_000);

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
    // Custom SMTP (GoTrue's smtp_*): an empty host means the project's inbox only.
    smtp_host: z.string().trim().max(253).regex(/^[A-Za-z0-9.:[\]-]*$/, 'must be a host name or address').optional(),
    smtp_port: z.number().int().min(1).max(65_535).optional(),
    smtp_user: headerText(500).optional(),
    smtp_pass: z.string().max(1000).optional(),
    smtp_admin_email: emailAddress.optional(),
    smtp_sender_name: headerText(200).optional(),
    // E-mail templates (GoTrue's mailer_subjects_* / mailer_templates_*_content); empty: the built-in mail.
    mailer_subjects_confirmation: templateSubject.optional(),
    mailer_templates_confirmation_content: templateContent.optional(),
    mailer_subjects_magic_link: templateSubject.optional(),
    mailer_templates_magic_link_content: templateContent.optional(),
    mailer_subjects_recovery: templateSubject.optional(),
    mailer_templates_recovery_content: templateContent.optional(),
    mailer_subjects_invite: templateSubject.optional(),
    mailer_templates_invite_content: templateContent.optional(),
    mailer_subjects_email_change: templateSubject.optional(),
    mailer_templates_email_change_content: templateContent.optional(),
    // Advanced: the access token's lifetime in seconds (GoTrue's jwt_exp; its bounds).
    jwt_exp: z.number().int().min(30).max(604_800).optional(),
    // Attack Protection and Third-Party Auth: services this platform cannot reach; kept and shown, not used.
    security_captcha_enabled: z.boolean().optional(),
    security_captcha_provider: z.enum(['hcaptcha', 'turnstile']).optional(),
    password_hibp_enabled: z.boolean().optional(),
    third_party_firebase_enabled: z.boolean().optional(),
    third_party_firebase_project_id: clientId.optional(),
    third_party_auth0_enabled: z.boolean().optional(),
    third_party_auth0_tenant: clientId.optional(),
    third_party_cognito_enabled: z.boolean().optional(),
    third_party_cognito_user_pool_id: clientId.optional(),
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
  smtp_host: '',
  smtp_port: 587,
  smtp_user: '',
  smtp_pass: '',
  smtp_admin_email: '',
  smtp_sender_name: '',
  mailer_subjects_confirmation: '',
  mailer_templates_confirmation_content: '',
  mailer_subjects_magic_link: '',
  mailer_templates_magic_link_content: '',
  mailer_subjects_recovery: '',
  mailer_templates_recovery_content: '',
  mailer_subjects_invite: '',
  mailer_templates_invite_content: '',
  mailer_subjects_email_change: '',
  mailer_templates_email_change_content: '',
  jwt_exp: 3600,
  security_captcha_enabled: false,
  security_captcha_provider: 'hcaptcha',
  password_hibp_enabled: false,
  third_party_firebase_enabled: false,
  third_party_firebase_project_id: '',
  third_party_auth0_enabled: false,
  third_party_auth0_tenant: '',
  third_party_cognito_enabled: false,
  third_party_cognito_user_pool_id: '',
  hook_custom_access_token_enabled: false,
  hook_custom_access_token_uri: '',
};

/** What members read: the SMTP password never leaves the platform (a set one shows as this mask). */
export const SECRET_MASK = '********';
export const withoutSecrets = (config: AuthConfig): AuthConfig => ({ ...config, smtp_pass: config.smtp_pass ? SECRET_MASK : '' });

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
