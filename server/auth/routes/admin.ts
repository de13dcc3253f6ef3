// Service-level endpoints (spec A7 Admin): users, their factors, generate_link and invite. They answer only to
// the platform's admin secret, sent as `x-strata-admin-secret: <secret>` or `Authorization: Bearer <secret>`
// (the latter lets GoTrueAdminApi be used as is, with the secret in its headers).
import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono, Next } from 'hono';
import {
  adminCreateUserBody,
  adminDeleteUserBody,
  adminListQuery,
  adminUpdateUserBody,
  generateLinkBody,
  inviteBody,
} from '../../../src/api/schemas/auth.ts';
import { bearerToken, isUuid, parseWith, readBody, type AuthServiceContext } from '../context.ts';
import { createEmailLink, mailEmailLink } from '../email-flows.ts';
import { AuthError, forbidden, userNotFound, validationFailed } from '../errors.ts';
import { hashPassword } from '../passwords.ts';
import { factorJson, findUserByEmail, findUserById, insertUser, listFactors, loadUserJson, updateUser, userJson, type UserRow } from '../users.ts';
import { removeFactor } from './factors.ts';
import { assertStrongPassword, phoneDisabled } from './sign-in.ts';
import { emailExists } from './user.ts';

export const ADMIN_SECRET_HEADER = 'x-strata-admin-secret';

/** The platform's admin check: the admin secret, compared in constant time. A project injects its own (index.ts). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function userFromPath(ctx: AuthServiceContext, c: Context): Promise<UserRow> {
  const id = c.req.param('id') ?? '';
  // spec A5: admin user ids must be UUIDs.
  if (!isUuid(id)) throw validationFailed('user_id must be an UUID');
  const user = await findUserById(ctx.pool, id);
  if (!user) throw userNotFound();
  return user;
}

export function registerAdmin(app: Hono, ctx: AuthServiceContext): void {
  const requireAdmin = async (c: Context, next: Next) => {
    const given = c.req.header(ADMIN_SECRET_HEADER) ?? bearerToken(c);
    if (!given) throw new AuthError(401, 'no_authorization', `This endpoint requires ${ctx.adminCredential}`);
    if (!(await ctx.isAdmin(given))) throw forbidden('not_admin', 'User not allowed');
    await next();
  };
  app.use('/admin/*', requireAdmin);
  app.use('/invite', requireAdmin);

  app.post('/admin/users', async (c) => {
    const body = await readBody(c, adminCreateUserBody);
    if (!body.email) {
      if (body.phone) throw phoneDisabled();
      throw validationFailed('Cannot create a user without either an email or phone');
    }
    if (body.password !== undefined) assertStrongPassword(body.password, ctx.passwordMinLength);
    if (await findUserByEmail(ctx.pool, body.email)) throw emailExists();
    const user = await insertUser(ctx.pool, {
      email: body.email,
      passwordHash: body.password !== undefined ? await hashPassword(body.password) : null,
      userMetadata: body.user_metadata,
      appMetadata: body.app_metadata,
      confirmed: body.email_confirm ?? false,
    });
    if (!user) throw emailExists();
    return c.json(userJson(user));
  });

  app.get('/admin/users', async (c) => {
    const { page, per_page: perPage } = parseWith(adminListQuery, c.req.query());
    const total = await ctx.pool.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM auth.users WHERE deleted_at IS NULL',
    );
    const count = Number(total.rows[0]?.count ?? 0);
    const rows = await ctx.pool.query<UserRow>(
      `SELECT * FROM auth.users WHERE deleted_at IS NULL ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [perPage, (page - 1) * perPage],
    );
    const users = await Promise.all(rows.rows.map((row) => loadUserJson(ctx.pool, row)));
    // GoTrue's paging headers: x-total-count, and link with rel next/last (spec A7 reads both).
    const lastPage = Math.max(1, Math.ceil(count / perPage));
    const links = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(count));
    c.header('link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => c.json(await loadUserJson(ctx.pool, await userFromPath(ctx, c))));

  app.put('/admin/users/:id', async (c) => {
    const user = await userFromPath(ctx, c);
    const body = await readBody(c, adminUpdateUserBody);
    if (body.phone) throw phoneDisabled();
    if (body.password !== undefined) assertStrongPassword(body.password, ctx.passwordMinLength);
    const updated = await updateUser(ctx.pool, user.id, {
      email: body.email,
      passwordHash: body.password !== undefined ? await hashPassword(body.password) : undefined,
      userMetadata: body.user_metadata,
      appMetadata: body.app_metadata,
      confirmEmail: body.email_confirm === true,
    });
    if (!updated) throw emailExists();
    if (body.password !== undefined) {
      // As GoTrue's admin password update: the user's sessions all end (issue 13 finding 9).
      await ctx.pool.query('DELETE FROM auth.sessions WHERE user_id = $1', [user.id]);
    }
    return c.json(await loadUserJson(ctx.pool, updated));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await userFromPath(ctx, c);
    const { should_soft_delete: soft } = await readBody(c, adminDeleteUserBody);
    if (soft) {
      // A soft-deleted user keeps its row (and id) but loses its address, password, sessions and factors.
      await ctx.pool.query(
        `UPDATE auth.users SET deleted_at = now(), email = NULL, encrypted_password = NULL, updated_at = now()
         WHERE id = $1`,
        [user.id],
      );
      await ctx.pool.query('DELETE FROM auth.sessions WHERE user_id = $1', [user.id]);
      await ctx.pool.query('DELETE FROM auth.mfa_factors WHERE user_id = $1', [user.id]);
    } else {
      await ctx.pool.query('DELETE FROM auth.users WHERE id = $1', [user.id]);
    }
    return c.json({});
  });

  app.get('/admin/users/:id/factors', async (c) => {
    const user = await userFromPath(ctx, c);
    return c.json((await listFactors(ctx.pool, user.id)).map(factorJson));
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const user = await userFromPath(ctx, c);
    const factorId = c.req.param('factorId');
    const factor = isUuid(factorId)
      ? (await listFactors(ctx.pool, user.id)).find((f) => f.id === factorId.toLowerCase())
      : undefined;
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    await removeFactor(ctx, factor);
    return c.json(factorJson(factor));
  });

  app.post('/admin/generate_link', async (c) => {
    const body = await readBody(c, generateLinkBody);
    const redirect = body.redirect_to ?? c.req.query('redirect_to');
    let user = await findUserByEmail(ctx.pool, body.email);
    if (body.type === 'signup' || body.type === 'invite') {
      if (user) throw emailExists();
      if (body.type === 'signup') {
        if (body.password === undefined) throw validationFailed('Password is required for a signup link');
        assertStrongPassword(body.password, ctx.passwordMinLength);
      }
      const hash = body.type === 'signup' && body.password !== undefined ? await hashPassword(body.password) : null;
      user = await insertUser(ctx.pool, { email: body.email, passwordHash: hash, userMetadata: body.data, confirmed: false });
      if (!user) throw emailExists();
    }
    if (!user) throw userNotFound();
    // The link is handed to the caller, not mailed (GoTrue's generate_link sends nothing either).
    const link = await createEmailLink(ctx, user, body.type, redirect, null);
    return c.json({
      ...(await loadUserJson(ctx.pool, user)),
      action_link: link.link,
      email_otp: link.code,
      hashed_token: link.hashedToken,
      redirect_to: link.redirectTo,
      verification_type: body.type,
    });
  });

  app.post('/invite', async (c) => {
    const body = await readBody(c, inviteBody);
    if (await findUserByEmail(ctx.pool, body.email)) throw emailExists();
    const user = await insertUser(ctx.pool, { email: body.email, passwordHash: null, userMetadata: body.data, confirmed: false });
    if (!user) throw emailExists();
    await mailEmailLink(ctx, user, 'invite', c.req.query('redirect_to'), null);
    return c.json(userJson(user));
  });
}
