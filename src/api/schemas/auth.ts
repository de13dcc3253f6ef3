// Request schemas of the auth service (/auth/v1), shared by the local platform (server/auth) and the console.
// Plain zod, no node imports. Field names follow what @supabase/auth-js sends (spec A7 auth service calls).
// Every string that reaches Postgres refuses NUL and lone surrogates: Postgres cannot store them, and a bad
// request must be a 400, never a 500 (DESIGN §5).
import { z } from 'zod';

/** Postgres text and jsonb reject NUL; jsonb also rejects a lone UTF-16 surrogate escape. */
const STORABLE = /^[^\u0000]*$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const storableText = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(STORABLE, { error: 'must not contain NUL characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'must be valid Unicode text' });

/** GoTrue's wording for a malformed address. */
export const INVALID_EMAIL_MESSAGE = 'Unable to validate email address: invalid format';
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(255, { error: INVALID_EMAIL_MESSAGE })
  .regex(z.regexes.email, { error: INVALID_EMAIL_MESSAGE });

/** Passwords are hashed, never stored: any text up to GoTrue's 72-character limit. */
export const PASSWORD_MAX_LENGTH = 72;
export const passwordSchema = z
  .string({ error: 'Password must be a string' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters` });

/** user_metadata / app_metadata: a JSON object Postgres jsonb accepts, at most 16 KB serialized. */
export const METADATA_MAX_BYTES = 16 * 1024;
export const metadataSchema = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
  .refine((value) => JSON.stringify(value).length <= METADATA_MAX_BYTES, {
    error: `must be at most ${METADATA_MAX_BYTES} bytes of JSON`,
  })
  .refine((value) => !/\\u(0000|d[89a-f][0-9a-f]{2})/i.test(JSON.stringify(value)), {
    error: 'must not contain NUL characters or invalid Unicode',
  });

/** PKCE fields auth-js sends as null outside the pkce flow. */
const pkceFields = {
  code_challenge: storableText(256).nullish(),
  code_challenge_method: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['s256', 'plain'], { error: "must be 's256' or 'plain'" }))
    .nullish(),
};

const phoneField = storableText(32).optional();

export const signUpBody = z.object({
  email: emailSchema.optional(),
  phone: phoneField,
  password: passwordSchema.optional(),
  data: metadataSchema.optional(),
  ...pkceFields,
});

export const passwordGrantBody = z.object({
  email: emailSchema.optional(),
  phone: phoneField,
  password: passwordSchema,
});

export const refreshGrantBody = z.object({
  refresh_token: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(512),
});

const PKCE_MISSING = 'invalid request: both auth code and code verifier should be non-empty';
export const pkceGrantBody = z.object({
  auth_code: z.string({ error: PKCE_MISSING }).min(1, { error: PKCE_MISSING }).max(512),
  code_verifier: z.string({ error: PKCE_MISSING }).min(1, { error: PKCE_MISSING }).max(512),
});

export const GRANT_TYPES = ['password', 'refresh_token', 'pkce'] as const;

export const otpBody = z.object({
  email: emailSchema.optional(),
  phone: phoneField,
  data: metadataSchema.optional(),
  create_user: z.boolean({ error: 'must be a boolean' }).default(true),
  ...pkceFields,
});

/** Every verification type auth-js can send; this service supports the e-mail ones. */
export const VERIFY_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
  'sms',
  'phone_change',
] as const;
export const EMAIL_VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email'] as const;
export type EmailVerifyType = (typeof EMAIL_VERIFY_TYPES)[number];

const verifyType = z.enum(VERIFY_TYPES, { error: `must be one of ${VERIFY_TYPES.join(', ')}` });
const redirectTo = storableText(2048).optional();

export const verifyBody = z.object({
  type: verifyType,
  email: emailSchema.optional(),
  phone: phoneField,
  token: storableText(256).optional(),
  token_hash: storableText(256).optional(),
  redirect_to: redirectTo,
});

export const verifyQuery = z.object({
  token: storableText(256).min(1, { error: 'is required' }),
  type: verifyType,
  redirect_to: redirectTo,
});

export const recoverBody = z.object({
  email: emailSchema,
  ...pkceFields,
});

export const updateUserBody = z.object({
  email: emailSchema.optional(),
  phone: phoneField,
  password: passwordSchema.optional(),
  data: metadataSchema.optional(),
  nonce: storableText(64).optional(),
  ...pkceFields,
});

/** spec A5: sign-out scope one of global, local, others. */
export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export const logoutQuery = z.object({
  scope: z.enum(SIGN_OUT_SCOPES, { error: `must be one of ${SIGN_OUT_SCOPES.join(', ')}` }).default('global'),
});

export const enrollFactorBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn'], { error: 'must be one of totp, phone, webauthn' }),
  friendly_name: storableText(128).optional(),
  issuer: storableText(128).optional(),
  phone: phoneField,
});

/** auth-js posts its own parameters to /challenge; only `channel` means anything, and only for phone. */
export const challengeFactorBody = z.object({ channel: z.enum(['sms', 'whatsapp']).optional() });

export const verifyFactorBody = z.object({
  challenge_id: z.string({ error: 'is required' }).max(64),
  code: z.string({ error: 'is required' }).max(16),
});

export const adminCreateUserBody = z.object({
  email: emailSchema.optional(),
  phone: phoneField,
  password: passwordSchema.optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadataSchema.optional(),
  app_metadata: metadataSchema.optional(),
});

export const adminUpdateUserBody = adminCreateUserBody;

export const adminDeleteUserBody = z.object({ should_soft_delete: z.boolean().default(false) });

export const GENERATE_LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery'] as const;
export const generateLinkBody = z.object({
  type: z.enum(GENERATE_LINK_TYPES, { error: `must be one of ${GENERATE_LINK_TYPES.join(', ')}` }),
  email: emailSchema,
  password: passwordSchema.optional(),
  data: metadataSchema.optional(),
  redirect_to: redirectTo,
});

export const inviteBody = z.object({ email: emailSchema, data: metadataSchema.optional() });

/** Admin user lists page from 1; GoTrue's default page size is 50. */
export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  per_page: z.coerce.number().int().min(1).max(1000).catch(50),
});

/** Canonical UUID text, as auth-js validates admin user ids (spec A5: admin user ids must be UUIDs). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
