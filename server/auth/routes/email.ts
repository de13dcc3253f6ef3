// POST /otp, POST /recover, POST /verify and GET /verify (the link in the mail). spec A4.11: a recovery link or
// recovery code leads to PASSWORD_RECOVERY (auth-js emits it for type 'recovery' in the reply or URL fragment).
import type { Context, Hono } from 'hono';
import { otpBody, recoverBody, verifyBody, verifyQuery, type EmailVerifyType } from '../../../src/api/schemas/auth.ts';
import { readBody, type AuthServiceContext } from '../context.ts';
import { mailEmailLink, pkceFrom } from '../email-flows.ts';
import { AuthError, otpExpired, unprocessable, validationFailed } from '../errors.ts';
import { resolveRedirect, withFragment, withQuery } from '../links.ts';
import { consumeByCode, consumeByLink, createFlowState, type OneTimeTokenRow, type TokenPurpose } from '../one-time-tokens.ts';
import { addressKey, clientAddress, type RateCheck } from '../rate-limits.ts';
import { signInResponse, type AuthMethod } from '../sessions.ts';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../users.ts';
import { phoneDisabled } from './sign-in.ts';

const purposesOf = (type: EmailVerifyType): TokenPurpose[] => (type === 'recovery' ? ['recovery'] : ['login']);

/** The amr method GoTrue records for each verification type. */
const METHOD: Record<EmailVerifyType, AuthMethod> = {
  email: 'otp',
  magiclink: 'magiclink',
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
};

function emailTypeOf(type: string): EmailVerifyType {
  if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
  // E-mail changes apply at once locally (no mail server), so no email_change token ever exists.
  if (type === 'email_change') throw otpExpired();
  return type as EmailVerifyType;
}

/** Verifying proves the address: an unconfirmed user (created by /otp or an invite) becomes confirmed. */
async function userOfToken(ctx: AuthServiceContext, token: OneTimeTokenRow | null): Promise<UserRow> {
  if (!token) throw otpExpired();
  const user = await updateUser(ctx.pool, token.user_id, { confirmEmail: true });
  if (!user) throw otpExpired();
  return user;
}

/** Endpoints that mail: a sign-in/sign-up request of the client, and a mail to the address (issue 13 finding 3). */
export const mailChecks = (c: Context, email: string): RateCheck[] => [
  { limit: 'sign_in_sign_ups', key: clientAddress(c) },
  { limit: 'email_sent_per_client', key: clientAddress(c) },
  { limit: 'email_sent', key: addressKey(email) },
];

export function registerEmailFlows(app: Hono, ctx: AuthServiceContext): void {
  app.post('/otp', async (c) => {
    const body = await readBody(c, otpBody);
    if (!body.email) {
      if (body.phone) throw phoneDisabled();
      throw validationFailed('You must provide either an email or phone number.'); // spec A8 wording
    }
    const pkce = pkceFrom(body);
    await ctx.rateLimiter.take(mailChecks(c, body.email));
    let user = await findUserByEmail(ctx.pool, body.email);
    if (!user) {
      if (!body.create_user) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      user =
        (await insertUser(ctx.pool, { email: body.email, passwordHash: null, userMetadata: body.data, confirmed: false })) ??
        (await findUserByEmail(ctx.pool, body.email));
      if (!user) throw otpExpired();
    }
    await mailEmailLink(ctx, user, 'magiclink', c.req.query('redirect_to'), pkce);
    return c.json({});
  });

  app.post('/recover', async (c) => {
    const body = await readBody(c, recoverBody);
    const pkce = pkceFrom(body);
    // Counted whether or not the address has an account, so a 429 cannot list users either.
    await ctx.rateLimiter.take(mailChecks(c, body.email));
    const user = await findUserByEmail(ctx.pool, body.email);
    // The same reply whether or not the address has an account, so /recover cannot list users.
    if (user) await mailEmailLink(ctx, user, 'recovery', c.req.query('redirect_to'), pkce);
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await readBody(c, verifyBody);
    const type = emailTypeOf(body.type);
    await ctx.rateLimiter.take([
      { limit: 'token_verifications', key: clientAddress(c) },
      { limit: 'token_verifications_per_address', key: body.token_hash ? null : addressKey(body.email) },
    ]);
    let token: OneTimeTokenRow | null;
    if (body.token_hash) {
      token = await consumeByLink(ctx.pool, { tokenHash: body.token_hash }, purposesOf(type));
    } else if (body.email && body.token) {
      const owner = await findUserByEmail(ctx.pool, body.email);
      token = owner ? await consumeByCode(ctx.pool, owner.id, body.token.trim(), purposesOf(type)) : null;
    } else {
      throw validationFailed('Verify requires either a token_hash, or an email and a token');
    }
    const user = await userOfToken(ctx, token);
    return c.json(await signInResponse(ctx.pool, ctx.keys, user, METHOD[type]));
  });

  app.get('/verify', (c) => verifyLinkRoute(c, ctx));
}

/** The mailed link: signs in, then redirects with the session in the fragment (implicit) or a code (pkce). */
async function verifyLinkRoute(c: Context, ctx: AuthServiceContext) {
  const query = verifyQuery.safeParse(c.req.query());
  const fallback = resolveRedirect(ctx, c.req.query('redirect_to'));
  const fail = (error: AuthError) =>
    // Errors travel in the fragment too; auth-js reads error, error_code and error_description (spec A4.11).
    c.redirect(
      withFragment(fallback, { error: 'access_denied', error_code: error.errorCode, error_description: error.message }),
      303,
    );
  if (!query.success) return fail(validationFailed('Email link is invalid or has expired'));
  let type: EmailVerifyType;
  try {
    type = emailTypeOf(query.data.type);
    await ctx.rateLimiter.take([{ limit: 'token_verifications', key: clientAddress(c) }]);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return fail(error);
  }
  const token = await consumeByLink(ctx.pool, { token: query.data.token }, purposesOf(type));
  if (!token) return fail(new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'));
  const user = await userOfToken(ctx, token);
  const target = resolveRedirect(ctx, query.data.redirect_to ?? token.redirect_to);
  if (token.code_challenge && token.code_challenge_method) {
    const pkce = { codeChallenge: token.code_challenge, method: token.code_challenge_method };
    const code = await createFlowState(ctx.pool, user.id, pkce, METHOD[type]);
    return c.redirect(withQuery(target, { code }), 303);
  }
  const session = await signInResponse(ctx.pool, ctx.keys, user, METHOD[type]);
  return c.redirect(
    withFragment(target, {
      access_token: session.access_token,
      expires_at: session.expires_at,
      expires_in: session.expires_in,
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    }),
    303,
  );
}
