// Authentication settings forms (spec A2.7, issue 18): stored settings → form values → PATCH of what changed, and
// the checks of what was typed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_SETTINGS_PAGES } from './auth-settings-pages.ts';
import {
  authSettingsPatch,
  canChangeAuthSettings,
  fieldsOf,
  toFormValues,
  validateAuthForm,
  SECRET_MASK,
  type AuthFormValues,
  type AuthSettings,
} from './auth-settings.ts';

const stored: AuthSettings = {
  site_url: 'http://localhost:3000',
  uri_allow_list: 'https://a.example.com/**,http://localhost:5173/cb',
  external_email_enabled: true,
  mailer_autoconfirm: false,
  password_min_length: 6,
  rate_limit_otp: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_email_sent: 30,
  sessions_timebox: 0,
  sessions_inactivity_timeout: 7200,
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
  smtp_host: '',
  smtp_port: 587,
  smtp_user: '',
  smtp_pass: '',
  smtp_admin_email: '',
  smtp_sender_name: '',
  ...Object.fromEntries(
    ['confirmation', 'magic_link', 'recovery', 'invite', 'email_change'].flatMap((id) => [
      [`mailer_subjects_${id}`, ''],
      [`mailer_templates_${id}_content`, ''],
    ]),
  ),
};

describe('auth settings forms', () => {
  it('unchanged forms patch nothing, on every page', () => {
    for (const page of Object.values(AUTH_SETTINGS_PAGES)) {
      const values = toFormValues(page, stored);
      expect(validateAuthForm(page, values)).toEqual({});
      expect(authSettingsPatch(page, stored, values)).toEqual({});
    }
  });

  it('redirect URLs: one a line in the form, comma-separated when stored; a bad entry is named', () => {
    const page = AUTH_SETTINGS_PAGES['url-configuration'];
    const values = toFormValues(page, stored);
    expect(values.uri_allow_list).toBe('https://a.example.com/**\nhttp://localhost:5173/cb');
    values.uri_allow_list = 'https://a.example.com/**\n\n  https://b.example.com/*/cb ';
    expect(authSettingsPatch(page, stored, values)).toEqual({ uri_allow_list: 'https://a.example.com/**,https://b.example.com/*/cb' });
    values.uri_allow_list = 'https://ok.example.com\njavascript:alert(1)';
    expect(validateAuthForm(page, values)).toEqual({ uri_allow_list: 'Not a URL: javascript:alert(1)' });
    values.site_url = 'ftp://x';
    expect(validateAuthForm(page, values).site_url).toBe('Enter a URL starting with http:// or https://');
  });

  it("'Confirm email' is shown as the opposite of mailer_autoconfirm", () => {
    const page = AUTH_SETTINGS_PAGES.providers;
    const values = toFormValues(page, stored);
    expect(values.mailer_autoconfirm).toBe(true);
    values.mailer_autoconfirm = false;
    expect(authSettingsPatch(page, stored, values)).toEqual({ mailer_autoconfirm: true });
  });

  it('numbers: bounds, whole numbers, and hours shown for seconds stored', () => {
    const sessions = AUTH_SETTINGS_PAGES.sessions;
    const values = toFormValues(sessions, stored);
    expect(values.sessions_inactivity_timeout).toBe('2');
    values.sessions_timebox = '24';
    expect(authSettingsPatch(sessions, stored, values)).toEqual({ sessions_timebox: 86_400 });
    values.sessions_timebox = '-1';
    expect(validateAuthForm(sessions, values).sessions_timebox).toBe('Enter a value from 0 to 8,760');
    values.sessions_timebox = 'abc';
    expect(validateAuthForm(sessions, values).sessions_timebox).toBe('Enter a number');
    const limits = AUTH_SETTINGS_PAGES['rate-limits'];
    const typed = { ...toFormValues(limits, stored), rate_limit_otp: '2.5', rate_limit_verify: '0' };
    expect(validateAuthForm(limits, typed)).toEqual({ rate_limit_otp: 'Enter a whole number', rate_limit_verify: 'Enter a value from 1 to 100,000' });
  });

  it('the hook needs a pg-functions URI while it is enabled', () => {
    const page = AUTH_SETTINGS_PAGES.hooks;
    const values: AuthFormValues = { ...toFormValues(page, stored), hook_custom_access_token_enabled: true };
    expect(validateAuthForm(page, values)).toEqual({ hook_custom_access_token_uri: 'Postgres function is required' });
    values.hook_custom_access_token_uri = 'pg-functions://postgres/public/f; drop table x';
    expect(validateAuthForm(page, values)).toEqual({ hook_custom_access_token_uri: 'Use pg-functions://postgres/{schema}/{function}' });
    values.hook_custom_access_token_uri = 'pg-functions://postgres/public/custom_claims';
    expect(validateAuthForm(page, values)).toEqual({});
    expect(authSettingsPatch(page, stored, values)).toEqual({
      hook_custom_access_token_enabled: true,
      hook_custom_access_token_uri: 'pg-functions://postgres/public/custom_claims',
    });
  });

  it('SMTP: a host needs a sender address; the masked password is not sent again unless changed', () => {
    const page = AUTH_SETTINGS_PAGES.smtp;
    const saved = { ...stored, smtp_pass: SECRET_MASK };
    const values: AuthFormValues = { ...toFormValues(page, saved), smtp_host: 'smtp.example.com' };
    expect(validateAuthForm(page, values)).toEqual({ smtp_admin_email: 'Sender email is required' });
    values.smtp_admin_email = 'noreply@example.com';
    values.smtp_host = 'smtp.example.com; rm';
    expect(validateAuthForm(page, values)).toEqual({ smtp_host: 'Enter a host name or address' });
    values.smtp_host = 'smtp.example.com';
    expect(authSettingsPatch(page, saved, values)).toEqual({ smtp_host: 'smtp.example.com', smtp_admin_email: 'noreply@example.com' });
    values.smtp_pass = 'new secret';
    expect(authSettingsPatch(page, saved, values).smtp_pass).toBe('new secret');
  });

  it('property: any valid number typed reads back as itself after saving', () => {
    const page = AUTH_SETTINGS_PAGES['rate-limits'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => {
        const values = { ...toFormValues(page, stored), rate_limit_email_sent: ` ${n} ` };
        expect(validateAuthForm(page, values)).toEqual({});
        const saved = { ...stored, ...authSettingsPatch(page, stored, values) };
        expect(toFormValues(page, saved).rate_limit_email_sent).toBe(String(n));
      }),
    );
  });

  it('every field key is declared once across the pages', () => {
    const keys = Object.values(AUTH_SETTINGS_PAGES).flatMap((page) => fieldsOf(page).map((f) => f.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(stored).toHaveProperty(key);
  });

  it('administrators and owners change the settings; developers and read-only members do not', () => {
    expect(canChangeAuthSettings('owner')).toBe(true);
    expect(canChangeAuthSettings('administrator')).toBe(true);
    expect(canChangeAuthSettings('developer')).toBe(false);
    expect(canChangeAuthSettings('read_only')).toBe(false);
    expect(canChangeAuthSettings(undefined)).toBe(false);
  });
});
