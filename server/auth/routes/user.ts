// GET /user, PUT /user and POST /logout?scope= (spec A4.11 sign-out scopes; A5 scope validation).
import type { Hono } from 'hono';
import { logoutQuery, updateUserBody } from '../../../src/api/schemas/auth.ts';
import { checkAccessToken, bearerToken, parseWith, readBody, requireCaller, type AuthServiceContext } from '../context.ts';
import { insufficientAal, noAuthorization, unprocessable } from '../errors.ts';
import { emailChangedMail, sendMail } from '../mail.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { endSessions, hasVerifiedFactor } from '../sessions.ts';
import { loadUserJson, updateUser, type UserChanges } from '../users.ts';
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
    const changesEmail = body.email !== undefined && body.email !== caller.user.email;
    if ((body.password !== undefined || changesEmail) && caller.session.aal !== 'aal2') {
      // With MFA on, an aal1 session (password only) must not be able to take the account over.
      if (await hasVerifiedFactor(ctx.pool, caller.user.id)) {
        throw insufficientAal('AAL2 session is required to update email or password when MFA is enabled.');
      }
    }
    if (body.password !== undefined) {
      assertStrongPassword(body.password);
      if (await verifyPassword(body.password, caller.user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      changes.passwordHash = await hashPassword(body.password);
    }
    if (changesEmail) {
      // No mail server locally: the new address is taken at once (GoTrue with autoconfirm), and the old
      // address is told about it.
      changes.email = body.email;
      changes.confirmEmail = true;
    }
    if (body.data) changes.userMetadata = body.data;
    const updated = await updateUser(ctx.pool, caller.user.id, changes);
    if (!updated) throw emailExists();
    if (changesEmail && caller.user.email) {
      await sendMail(ctx.pool, ctx.log, emailChangedMail(caller.user.email, updated.email ?? ''));
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
