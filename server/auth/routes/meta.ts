// GET /health, GET /settings, GET /.well-known/jwks.json and the local inbox GET /local/inbox.
import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { emailSchema } from '../../../src/api/schemas/auth.ts';
import type { AuthServiceContext } from '../context.ts';
import { AuthError, notFound } from '../errors.ts';
import { inboxHtml, readInbox } from '../mail.ts';

/** spec A9: clients cache the JWKS for 10 minutes; the HTTP cache says the same. */
const JWKS_MAX_AGE_SECONDS = 600;

/** How scripts send the inbox token (a browser opens the printed URL with ?token= instead). */
export const INBOX_TOKEN_HEADER = 'x-strata-inbox-token';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Issue 13 finding 2: the inbox holds live sign-in and recovery codes, so it opens only with the token the
 * platform prints at start (also in the data folder). It is never served with CORS headers (see index.ts).
 */
async function assertInboxToken(c: Context, ctx: AuthServiceContext): Promise<void> {
  const given = c.req.header(INBOX_TOKEN_HEADER) ?? c.req.query('token');
  if (!given || !(await (ctx.isInboxReader ?? ((token: string) => sameToken(token, ctx.inboxToken)))(given))) {
    throw new AuthError(
      401,
      'inbox_token_required',
      'The local inbox needs the token that `npm start` prints (also in the data folder, file auth-inbox-token)',
    );
  }
}

export function registerMeta(app: Hono, ctx: AuthServiceContext): void {
  app.get('/health', (c) =>
    c.json({
      name: 'strata-auth',
      version: '1',
      mode: ctx.mode,
      description: 'Strata local auth service (GoTrue-compatible API)',
    }),
  );

  // What auth-js and the console read to decide which sign-in methods to offer.
  app.get('/settings', (c) =>
    c.json({
      external: { email: ctx.emailEnabled, phone: false, anonymous_users: false },
      disable_signup: false,
      // Off unless STRATA_AUTH_AUTOCONFIRM=1: a sign-up is confirmed from the mailed link or code (issue 13 #6).
      mailer_autoconfirm: ctx.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      mfa: { totp: { enroll_enabled: true, verify_enabled: true }, phone: { enroll_enabled: false }, web_authn: { enroll_enabled: false } },
    }),
  );

  app.get('/.well-known/jwks.json', (c) => {
    c.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    // A project's tokens are HS256 (its JWT secret): no public key to publish.
    return c.json({ keys: ctx.keys.publicJwk ? [ctx.keys.publicJwk] : [] });
  });

  app.get('/local/inbox', async (c) => {
    if (!ctx.inboxEnabled) throw notFound('not_found', 'The local inbox is turned off');
    await assertInboxToken(c, ctx);
    // Live codes: never cached, never framed (clickjacking), and the URL with its token never sent as a referrer.
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    c.header('x-frame-options', 'DENY');
    c.header('x-content-type-options', 'nosniff');
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    const filter = emailSchema.safeParse(c.req.query('email') ?? '');
    const email = filter.success ? filter.data : undefined;
    const messages = await readInbox(ctx.pool, email);
    const wantsJson = c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json');
    if (wantsJson) {
      return c.json({
        messages: messages.map((m) => ({
          id: m.id,
          to: m.to_email,
          subject: m.subject,
          text: m.body_text,
          link: m.link,
          code: m.code,
          created_at: m.created_at.toISOString(),
        })),
      });
    }
    return c.html(inboxHtml(messages, email));
  });
}
