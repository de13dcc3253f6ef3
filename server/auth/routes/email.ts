// POST /otp, POST /recover, POST /verify and GET /verify (the link in the mail). spec A4.11: a recovery link or
// recovery code leads to PASSWORD_RECOVERY (auth-js emits it for type 'recovery' in the reply or URL fragment).
import type { Context, Hono } from 'hono';
import { otpBody, recoverBody, verifyBody, verifyQuery, type EmailVerifyType } from '../../../src/api/schemas/auth.ts';
import { readBody, type AuthServiceContext } from '../context.ts';
import { mailEmailLink, pkceFrom } from '../email-flows.ts';
import { AuthError, otpExpired, unprocessable, validationFailed } from '../errors.ts';
import { resolveRedirect, withFragment, withQuery } from '../links.ts';
import { consumeByCode, consumeByLink, createFlowState, type OneTimeTokenRow, type TokenPurpose } from '../one-time-tokens.ts';
import { addressKey, clientAddress, mailChecks } from '../rate-limits.ts';
import { signInResponse, type AuthMethod } from '../sessions.ts';
import { deliverMail, emailChangedMail } from '../mail.ts';
import {
  applyEmailChange,
  findUserByEmail,
  findUserById,
  findUsersByPendingEmail,
  insertUser,
  updateUser,
  type UserRow,
} from '../users.ts';
import { phoneDisabled } from './sign-in.ts';
import { emailExists } from './user.ts';

/** What /verify accepts: the e-mail sign-in types, and the confirmation of an e-mail change (issue 13 #6). */
type VerifyType = EmailVerifyType | 'email_change';

const purposesOf = (type: VerifyType): TokenPurpose[] =>
  type === 'recovery' ? ['recovery'] : type === 'email_change' ? ['email_change'] : ['login'];

/** The amr method GoTrue records for each verification type. */
const METHOD: Record<VerifyType, AuthMethod> = {
  email: 'otp',
  magiclink: 'magiclink',
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
};

function verifyTypeOf(type: string): VerifyType {
  if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
  return type as VerifyType;
}

/**
 * Verifying proves the address: an unconfirmed user (created by /otp or an invite) becomes confirmed; an
 * e-mail change token makes the address it was sent to the account's address, and tells the old one.
 */
async function userOfToken(ctx: AuthServiceContext, token: OneTimeTokenRow | null): Promise<UserRow> {
  if (!token) throw otpExpired();
  if (token.purpose === 'email_change') {
    const before = await findUserById(ctx.pool, token.user_id);
    const changed = token.new_email ? await applyEmailChange(ctx.pool, token.user_id, token.new_email) : 'gone';
    if (changed === 'taken') throw emailExists();
    if (changed === 'gone') throw otpExpired();
    if (before?.email && before.email !== changed.email) {
      await deliverMail(ctx, null, emailChangedMail(before.email, changed.email ?? ''));
    }
    return changed;
  }
  const user = await updateUser(ctx.pool, token.user_id, { confirmEmail: true });
  if (!user) throw otpExpired();
  return user;
}

/** By code: the account of the address, or for an e-mail change the accounts waiting for that address. */
async function consumeCodeFor(ctx: AuthServiceContext, type: VerifyType, email: string, code: string) {
  const owners =
    type === 'email_change'
      ? await findUsersByPendingEmail(ctx.pool, email)
      : [await findUserByEmail(ctx.pool, email)].filter((u): u is UserRow => u !== null);
  for (const owner of owners) {
    const token = await consumeByCode(ctx.pool, owner.id, code, purposesOf(type));
    // The token must have gone to the address being verified (a change may have been re-requested since).
    if (token && (type !== 'email_change' || token.new_email === email.toLowerCase())) return token;
  }
  return null;
}

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
    const type = verifyTypeOf(body.type);
    await ctx.rateLimiter.take([
      { limit: 'token_verifications', key: clientAddress(c) },
      { limit: 'token_verifications_per_address', key: body.token_hash ? null : addressKey(body.email) },
    ]);
    let token: OneTimeTokenRow | null;
    if (body.token_hash) {
      token = await consumeByLink(ctx.pool, { tokenHash: body.token_hash }, purposesOf(type));
    } else if (body.email && body.token) {
      token = await consumeCodeFor(ctx, type, body.email, body.token.trim());
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
  let type: VerifyType;
  try {
    type = verifyTypeOf(query.data.type);
    await ctx.rateLimiter.take([{ limit: 'token_verifications', key: clientAddress(c) }]);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return fail(error);
  }
  const token = await consumeByLink(ctx.pool, { token: query.data.token }, purposesOf(type));
  if (!token) return fail(new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'));
  let user: UserRow;
  try {
    user = await userOfToken(ctx, token);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return fail(error);
  }
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
