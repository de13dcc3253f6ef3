// GET /user, PUT /user and POST /logout?scope= (spec A4.11 sign-out scopes; A5 scope validation).
import type { Hono } from 'hono';
import { logoutQuery, updateUserBody } from '../../../src/api/schemas/auth.ts';
import { checkAccessToken, bearerToken, parseWith, readBody, requireCaller, type AuthServiceContext } from '../context.ts';
import { insufficientAal, noAuthorization, unprocessable } from '../errors.ts';
import { mailEmailChange } from '../email-flows.ts';
import { mailChecks } from '../rate-limits.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { endSessions, hasVerifiedFactor } from '../sessions.ts';
import { findUserByEmail, loadUserJson, requestEmailChange, updateUser, type UserChanges } from '../users.ts';
import { assertStrongPassword, phoneDisabled } from './sign-in.ts';

export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

export function registerUser(app: Hono, ctx: AuthServiceContext): void {
  app.get('/user', async (c) => {
    const { user } = await requireCaller(c, ctx);
    return c.json(await loadUserJson(ctx.pool, user));
  });

  app.put('/user', async (c) => {
    const caller = await requireCaller(c, ctx);
    const body = await readBody(c, updateUserBody);
    if (body.phone) throw phoneDisabled();
    const changes: UserChanges = {};
    const changesEmail = body.email !== undefined && body.email.toLowerCase() !== caller.user.email;
    if ((body.password !== undefined || changesEmail) && caller.session.aal !== 'aal2') {
      // With MFA on, an aal1 session (password only) must not be able to take the account over.
      if (await hasVerifiedFactor(ctx.pool, caller.user.id)) {
        throw insufficientAal('AAL2 session is required to update email or password when MFA is enabled.');
      }
    }
    if (body.password !== undefined) {
      assertStrongPassword(body.password, ctx.passwordMinLength);
      if (await verifyPassword(body.password, caller.user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      changes.passwordHash = await hashPassword(body.password);
    }
    if (changesEmail) {
      // GoTrue answers 422 email_exists for an address another account holds.
      const holder = await findUserByEmail(ctx.pool, body.email!);
      if (holder && holder.id !== caller.user.id) throw emailExists();
      // The confirmation mail counts against the new address (issue 13 finding 3).
      await ctx.rateLimiter.take(mailChecks(c, body.email!));
    }
    if (body.data) changes.userMetadata = body.data;
    let updated = await updateUser(ctx.pool, caller.user.id, changes);
    if (!updated) throw emailExists();
    if (changes.passwordHash) {
      // As GoTrue on a password update: every other session and every outstanding mailed link or code of the
      // user ends (issue 13 finding 9), so whoever held them — a thief, a stale device — is out. This session stays.
      await endSessions(ctx.pool, caller.session, 'others');
      await ctx.pool.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1', [caller.user.id]);
    }
    if (changesEmail) {
      // Issue 13 finding 6 (GoTrue's secure e-mail change): the address changes only once the new address has
      // confirmed it (POST /verify type email_change, or the mailed link). Until then the account, its tokens
      // and the invitations it can accept keep the old, proven address.
      updated = (await requestEmailChange(ctx.pool, caller.user.id, body.email!)) ?? updated;
      await mailEmailChange(ctx, updated, body.email!, c.req.query('redirect_to'));
    }
    return c.json(await loadUserJson(ctx.pool, updated));
  });

  app.post('/logout', async (c) => {
    // The scope is checked first: a bad scope is a 400 whoever asks (spec A5).
    const { scope } = parseWith(logoutQuery, { scope: c.req.query('scope') });
    const token = bearerToken(c);
    if (!token) throw noAuthorization();
    const { session } = await checkAccessToken(ctx, token);
    await endSessions(ctx.pool, session, scope);
    return c.body(null, 204);
  });
}
