// The Authentication settings pages (spec A2.7; issue 18), declared: each page's sections and fields with their
// labels, kinds and bounds (the platform's own bounds, server/project-auth/settings.ts). The rules over these
// declarations (form values, checks, the PATCH of what changed) are in auth-settings.ts.
import { HOOK_URI_PATTERN, type AuthSettingsPage, type AuthSettingsSection } from './auth-settings.ts';
const HOUR = 3600;
const MAX_SESSION_HOURS = 365 * 24;

const OUTSIDE_SERVICE_NOTE = (why: string) =>
  `This needs an outside service (${why}), which this local platform cannot reach: the settings are stored, and not used here.`;

export const EXTERNAL_PROVIDER_NOTE =
  'This provider signs users in through an outside service, which this local platform cannot reach: its settings are stored, and sign-in with it is not available here.';

const provider = (id: string, name: string): AuthSettingsSection => ({
  title: name,
  note: EXTERNAL_PROVIDER_NOTE,
  fields: [
    { key: `external_${id}_enabled`, label: `Enable ${name} provider`, kind: 'switch' },
    { key: `external_${id}_client_id`, label: 'Client ID', kind: 'text', maxLength: 500 },
  ],
});


const TEMPLATE_VARIABLES =
  'Variables: {{ .ConfirmationURL }} (the link), {{ .Token }} (the 6-digit code), {{ .Email }}, {{ .SiteURL }}. Empty subject and body: the built-in mail.';

const template = (id: string, title: string): AuthSettingsSection => ({
  title,
  fields: [
    { key: `mailer_subjects_${id}`, label: `${title}: subject`, kind: 'text', maxLength: 500 },
    { key: `mailer_templates_${id}_content`, label: `${title}: body (HTML)`, kind: 'text', maxLength: 50_000, multiline: true },
  ],
});

export const AUTH_SETTINGS_PAGES = {
  'url-configuration': {
    title: 'URL Configuration',
    description: 'Where users land after signing in, confirming their e-mail or resetting their password.',
    sections: [
      {
        title: 'Site URL',
        description: 'The default redirect URL, used when a redirect URL is not given or not allowed.',
        fields: [{ key: 'site_url', label: 'Site URL', kind: 'url' }],
      },
      {
        title: 'Redirect URLs',
        description:
          'URLs that auth providers may redirect to after authentication, one a line. Wildcards are allowed: * within a path segment, ** across segments. A redirect to any other URL goes to the site URL instead.',
        fields: [{ key: 'uri_allow_list', label: 'Redirect URLs', kind: 'urlList' }],
      },
    ],
  },
  'rate-limits': {
    title: 'Rate Limits',
    description: 'How many requests the auth service accepts before it answers 429 (over_request_rate_limit, over_email_send_rate_limit).',
    sections: [
      {
        title: 'Limits',
        fields: [
          { key: 'rate_limit_email_sent', label: 'Rate limit for sending emails', description: 'E-mails sent per hour.', kind: 'number', min: 1, max: 100_000, unit: 'emails/h' },
          { key: 'rate_limit_otp', label: 'Rate limit for sign-ups and sign-ins', description: 'Requests per 5 minutes from one IP address.', kind: 'number', min: 1, max: 100_000, unit: 'requests/5 min' },
          { key: 'rate_limit_verify', label: 'Rate limit for token verifications', description: 'Requests per 5 minutes from one IP address.', kind: 'number', min: 1, max: 100_000, unit: 'requests/5 min' },
          { key: 'rate_limit_token_refresh', label: 'Rate limit for token refreshes', description: 'Requests per 5 minutes from one IP address.', kind: 'number', min: 1, max: 100_000, unit: 'requests/5 min' },
        ],
      },
    ],
  },
  providers: {
    title: 'Sign In / Providers',
    description: 'How users sign in to your project.',
    sections: [
      {
        title: 'Email',
        description: 'Sign-up and sign-in with an e-mail address: a password, a magic link or a code.',
        fields: [
          { key: 'external_email_enabled', label: 'Enable Email provider', description: 'Off: e-mail sign-up and sign-in are refused (email_provider_disabled).', kind: 'switch' },
          { key: 'mailer_autoconfirm', label: 'Confirm email', description: 'Users must confirm their e-mail address before they can sign in.', kind: 'switch', inverted: true },
          { key: 'password_min_length', label: 'Minimum password length', description: 'Shorter passwords are refused (weak_password).', kind: 'number', min: 6, max: 72, unit: 'characters' },
        ],
      },
      provider('apple', 'Apple'),
      provider('azure', 'Azure'),
      provider('github', 'GitHub'),
      provider('gitlab', 'GitLab'),
      provider('google', 'Google'),
    ],
  },
  sessions: {
    title: 'User Sessions',
    description: 'How long a signed-in user stays signed in. A session past a limit cannot be refreshed (session_expired); 0 means no limit.',
    sections: [
      {
        title: 'Session limits',
        fields: [
          { key: 'sessions_timebox', label: 'Time-box user sessions', description: 'Sessions end this long after sign-in.', kind: 'number', min: 0, max: MAX_SESSION_HOURS, scale: HOUR, unit: 'hours' },
          { key: 'sessions_inactivity_timeout', label: 'Inactivity timeout', description: 'Sessions end when not refreshed for this long.', kind: 'number', min: 0, max: MAX_SESSION_HOURS, scale: HOUR, unit: 'hours' },
        ],
      },
    ],
  },
  mfa: {
    title: 'Multi-Factor Authentication (MFA)',
    description: 'A second factor lifts a session to aal2.',
    sections: [
      {
        title: 'TOTP (App Authenticator)',
        fields: [
          { key: 'mfa_totp_enroll_enabled', label: 'Allow enrolling TOTP factors', description: 'Off: new factors are refused (mfa_totp_enroll_not_enabled).', kind: 'switch' },
          { key: 'mfa_totp_verify_enabled', label: 'Allow verifying TOTP factors', description: 'Off: challenges cannot be verified, so no session reaches aal2.', kind: 'switch' },
        ],
      },
    ],
  },
  hooks: {
    title: 'Auth Hooks',
    description: 'Postgres functions the auth service calls to change what it does.',
    sections: [
      {
        title: 'Customize Access Token (JWT) Claims hook',
        description:
          'Called at every token issue (sign-in, refresh, MFA) with {user_id, claims, authentication_method}; the claims it returns go into the access token. It answers {"claims": …} or {"error": {"http_code", "message"}}.',
        fields: [
          { key: 'hook_custom_access_token_enabled', label: 'Enable hook', kind: 'switch' },
          {
            key: 'hook_custom_access_token_uri',
            label: 'Postgres function',
            kind: 'text',
            maxLength: 200,
            pattern: HOOK_URI_PATTERN,
            patternMessage: 'Use pg-functions://postgres/{schema}/{function}',
            placeholder: 'pg-functions://postgres/public/custom_access_token_hook',
            requiredBy: 'hook_custom_access_token_enabled',
          },
        ],
      },
    ],
  },
  templates: {
    title: 'Email Templates',
    description: `The mails your users receive. ${TEMPLATE_VARIABLES}`,
    sections: [
      template('confirmation', 'Confirm sign up'),
      template('invite', 'Invite user'),
      template('magic_link', 'Magic Link'),
      template('email_change', 'Change Email Address'),
      template('recovery', 'Reset Password'),
    ],
  },
  smtp: {
    title: 'SMTP Settings',
    description: "Send your project's auth mails through your own SMTP server. The project's inbox keeps a copy of every mail either way.",
    sections: [
      {
        title: 'Sender details',
        fields: [
          { key: 'smtp_admin_email', label: 'Sender email', description: 'The address mails are sent from.', kind: 'text', maxLength: 320, pattern: /^[^\s@<>"]+@[^\s@<>"]+$/, patternMessage: 'Enter an e-mail address', requiredBy: 'smtp_host', placeholder: 'noreply@example.com' },
          { key: 'smtp_sender_name', label: 'Sender name', kind: 'text', maxLength: 200, pattern: /^[^\r\n]*$/, patternMessage: 'One line' },
        ],
      },
      {
        title: 'SMTP provider settings',
        description: 'TLS is used from the start on port 465, and through STARTTLS when the server offers it; a password goes without TLS only to this machine. Leave the host empty to keep mails in the inbox only.',
        fields: [
          { key: 'smtp_host', label: 'Host', kind: 'text', maxLength: 253, pattern: /^[A-Za-z0-9.:[\]-]+$/, patternMessage: 'Enter a host name or address', placeholder: 'smtp.example.com' },
          { key: 'smtp_port', label: 'Port number', kind: 'number', min: 1, max: 65_535, unit: '' },
          { key: 'smtp_user', label: 'Username', kind: 'text', maxLength: 500 },
          { key: 'smtp_pass', label: 'Password', kind: 'text', maxLength: 1000, secret: true },
        ],
      },
    ],
  },
  advanced: {
    title: 'Advanced',
    description: 'Settings of the auth service itself.',
    sections: [
      {
        title: 'Access tokens',
        fields: [
          { key: 'jwt_exp', label: 'Access token (JWT) expiry time', description: 'How long an access token is valid; clients refresh it before it runs out.', kind: 'number', min: 30, max: 604_800, unit: 'seconds' },
        ],
      },
    ],
  },
  protection: {
    title: 'Attack Protection',
    description: 'Protect sign-up and sign-in from bots and weak passwords.',
    sections: [
      {
        title: 'Bot and Abuse Protection',
        note: OUTSIDE_SERVICE_NOTE('CAPTCHA checks run on the provider’s servers'),
        fields: [
          { key: 'security_captcha_enabled', label: 'Enable CAPTCHA protection', kind: 'switch' },
          { key: 'security_captcha_provider', label: 'CAPTCHA provider', description: 'hcaptcha or turnstile.', kind: 'text', maxLength: 20, pattern: /^(hcaptcha|turnstile)$/, patternMessage: 'Enter hcaptcha or turnstile' },
        ],
      },
      {
        title: 'Leaked passwords',
        note: OUTSIDE_SERVICE_NOTE('the leaked-password list is an outside service'),
        description: 'Passwords need lower-case and upper-case letters and digits, and a list of the most common passwords is always refused here (weak_password).',
        fields: [{ key: 'password_hibp_enabled', label: 'Prevent use of leaked passwords', kind: 'switch' }],
      },
    ],
  },
  'third-party': {
    title: 'Third-Party Auth',
    description: 'Accept access tokens issued by another auth provider.',
    sections: [
      {
        title: 'Firebase Auth',
        note: OUTSIDE_SERVICE_NOTE('their tokens are checked against the provider’s published keys'),
        fields: [
          { key: 'third_party_firebase_enabled', label: 'Enable Firebase Auth', kind: 'switch' },
          { key: 'third_party_firebase_project_id', label: 'Firebase project ID', kind: 'text', maxLength: 500 },
        ],
      },
      {
        title: 'Auth0',
        note: OUTSIDE_SERVICE_NOTE('their tokens are checked against the provider’s published keys'),
        fields: [
          { key: 'third_party_auth0_enabled', label: 'Enable Auth0', kind: 'switch' },
          { key: 'third_party_auth0_tenant', label: 'Auth0 tenant', kind: 'text', maxLength: 500 },
        ],
      },
      {
        title: 'AWS Cognito',
        note: OUTSIDE_SERVICE_NOTE('their tokens are checked against the provider’s published keys'),
        fields: [
          { key: 'third_party_cognito_enabled', label: 'Enable AWS Cognito', kind: 'switch' },
          { key: 'third_party_cognito_user_pool_id', label: 'User pool ID', kind: 'text', maxLength: 500 },
        ],
      },
    ],
  },
} as const satisfies Record<string, AuthSettingsPage>;

export type AuthSettingsPageId = keyof typeof AUTH_SETTINGS_PAGES;
