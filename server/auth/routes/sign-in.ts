// POST /signup and POST /token?grant_type=password | refresh_token | pkce (spec A7 auth service calls).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import {
  GRANT_TYPES,
  passwordGrantBody,
  pkceGrantBody,
  refreshGrantBody,
  signUpBody,
} from '../../../src/api/schemas/auth.ts';
import { readBody, type AuthServiceContext } from '../context.ts';
import {
  AuthError,
  badRequest,
  forbidden,
  invalidCredentials,
  notFound,
  unprocessable,
  validationFailed,
} from '../errors.ts';
import { mailEmailLink, pkceFrom } from '../email-flows.ts';
import { pkceMatches, takeFlowState } from '../one-time-tokens.ts';
import { addressKey, clientAddress, mailChecks } from '../rate-limits.ts';
import { hashPassword, passwordWeaknesses, verifyPassword, weakPasswordMessage } from '../passwords.ts';
import { REFRESH_REUSED, SESSION_EXPIRED, rotateRefreshToken, sessionResponse, signInResponse } from '../sessions.ts';
import { findUserByEmail, findUserById, insertUser, ROLE, updateUser, userJson } from '../users.ts';

/** spec A8: weak_password with reasons (HTTP 422, as GoTrue). */
export function assertStrongPassword(password: string, minLength?: number): void {
  const reasons = passwordWeaknesses(password, minLength);
  if (reasons.length) {
    throw unprocessable('weak_password', weakPasswordMessage(reasons, minLength), { weak_password: { reasons } });
  }
}

export const userAlreadyExists = () => unprocessable('user_already_exists', 'User already registered');
export const phoneDisabled = () => unprocessable('phone_provider_disabled', 'Phone logins are disabled');

/**
 * GoTrue's reply to a repeated sign-up of a confirmed address when autoconfirm is off: shaped like a new user's,
 * with a random id and no identities (auth-js users detect it by the empty identities), and no session.
 */
function obfuscatedUser(email: string, data: Record<string, unknown> | undefined) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: ROLE,
    role: ROLE,
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data ?? {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function registerSignIn(app: Hono, ctx: AuthServiceContext): void {
  app.post('/signup', async (c) => {
    const body = await readBody(c, signUpBody);
    if (!body.email && !body.phone) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!body.email) throw phoneDisabled();
    if (!body.password) throw validationFailed('Signup requires a valid password');
    assertStrongPassword(body.password, ctx.passwordMinLength);
    const pkce = pkceFrom(body);
    // Without autoconfirm a sign-up mails, so it counts against the mail limits too (issue 13 finding 3); counted
    // alike whether or not the address has an account.
    await ctx.rateLimiter.take(
      ctx.autoconfirm ? [{ limit: 'sign_in_sign_ups', key: clientAddress(c) }] : mailChecks(c, body.email),
    );
    // Hashed before the lookup, so a known address answers no faster than a new one.
    const passwordHash = await hashPassword(body.password);
    const existing = await findUserByEmail(ctx.pool, body.email);
    if (existing?.email_confirmed_at) {
      if (ctx.autoconfirm) throw userAlreadyExists();
      // GoTrue without autoconfirm: a confirmed address gets the same reply as a new sign-up (an obfuscated user,
      // no identities, nothing mailed), so sign-up cannot tell who has an account.
      return c.json(obfuscatedUser(body.email, body.data));
    }
    // An address that was never confirmed (an unanswered sign-up, /otp or invite) is taken over by the sign-up,
    // as GoTrue does: nobody had proven they own it, and it stays unproven until the mailed link or code is used.
    const user = existing
      ? await updateUser(ctx.pool, existing.id, { passwordHash, userMetadata: body.data, confirmEmail: ctx.autoconfirm })
      : await insertUser(ctx.pool, {
          email: body.email,
          passwordHash,
          userMetadata: body.data ?? {},
          confirmed: ctx.autoconfirm,
        });
    if (!user) throw userAlreadyExists();
    // STRATA_AUTH_AUTOCONFIRM=1 (GoTrue's mailer_autoconfirm): confirmed at once, the reply carries a session.
    if (ctx.autoconfirm) return c.json(await signInResponse(ctx.pool, ctx.keys, user, 'password'));
    // Issue 13 finding 6: the address is proven only by the link or code mailed to it (POST /verify type signup,
    // or GET /verify); until then there is no session and password sign-in answers email_not_confirmed.
    await mailEmailLink(ctx, user, 'signup', c.req.query('redirect_to'), pkce);
    return c.json({ ...userJson(user), confirmation_sent_at: new Date().toISOString() });
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    switch (grantType as (typeof GRANT_TYPES)[number] | undefined) {
      case 'password':
        return c.json(await passwordGrant(ctx, await readBody(c, passwordGrantBody), clientAddress(c)));
      case 'refresh_token': {
        const body = await readBody(c, refreshGrantBody);
        await ctx.rateLimiter.take([{ limit: 'token_refresh', key: clientAddress(c) }]);
        return c.json(await refreshGrant(ctx, body.refresh_token));
      }
      case 'pkce':
        return c.json(await pkceGrant(ctx, await readBody(c, pkceGrantBody)));
      default:
        throw badRequest('validation_failed', `unsupported_grant_type: use one of ${GRANT_TYPES.join(', ')}`, {
          error: 'unsupported_grant_type',
        });
    }
  });
}

async function passwordGrant(
  ctx: AuthServiceContext,
  body: { email?: string; phone?: string; password: string },
  client: string,
) {
  if (!body.email) {
    if (body.phone) throw phoneDisabled();
    // spec A8 wording.
    throw validationFailed('You must provide either an email or phone number and a password');
  }
  // Counted per client and per address before the password is checked (issue 13 finding 3); unknown addresses
  // are counted alike, so a 429 says nothing about who has an account.
  const perAddress = { limit: 'password_attempts', key: addressKey(body.email) } as const;
  await ctx.rateLimiter.take([{ limit: 'sign_in_sign_ups', key: client }, perAddress]);
  const user = await findUserByEmail(ctx.pool, body.email);
  // verifyPassword spends the same time without a user, so the answer does not reveal who has an account.
  const valid = await verifyPassword(body.password, user?.encrypted_password);
  if (!user || !valid) throw invalidCredentials();
  // A right password is not a guess: it gives its count back to the address.
  await ctx.rateLimiter.refund(perAddress);
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const response = await signInResponse(ctx.pool, ctx.keys, user, 'password');
  // A password that met older rules still signs in; the reply tells the app to ask for a new one (spec A7).
  const reasons = passwordWeaknesses(body.password);
  return reasons.length ? { ...response, weak_password: { reasons, message: weakPasswordMessage(reasons) } } : response;
}

async function refreshGrant(ctx: AuthServiceContext, refreshToken: string) {
  const rotated = await rotateRefreshToken(ctx.pool, refreshToken, ctx.sessionLimits);
  // Thrown only after the transaction that revoked the family (or ended the expired session) has committed.
  if (rotated.reused) throw REFRESH_REUSED();
  if (rotated.expired) throw SESSION_EXPIRED();
  const user = await findUserById(ctx.pool, rotated.session.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return sessionResponse(ctx.pool, ctx.keys, user, rotated.session, rotated.refreshToken);
}

async function pkceGrant(ctx: AuthServiceContext, body: { auth_code: string; code_verifier: string }) {
  const flow = await takeFlowState(ctx.pool, body.auth_code);
  if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(400, 'flow_state_expired', 'Flow state has expired');
  if (!pkceMatches(flow, body.code_verifier)) {
    throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const user = await findUserById(ctx.pool, flow.user_id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return signInResponse(ctx.pool, ctx.keys, user, flow.authentication_method);
}
