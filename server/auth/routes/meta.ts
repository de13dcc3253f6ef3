// GET /health, GET /settings, GET /.well-known/jwks.json and the local inbox GET /local/inbox.
import type { Hono } from 'hono';
import { emailSchema } from '../../../src/api/schemas/auth.ts';
import type { AuthServiceContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { inboxHtml, readInbox } from '../mail.ts';

/** spec A9: clients cache the JWKS for 10 minutes; the HTTP cache says the same. */
const JWKS_MAX_AGE_SECONDS = 600;

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
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true, // no mail server locally: addresses are confirmed at sign-up
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      mfa: { totp: { enroll_enabled: true, verify_enabled: true }, phone: { enroll_enabled: false }, web_authn: { enroll_enabled: false } },
    }),
  );

  app.get('/.well-known/jwks.json', (c) => {
    c.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    return c.json({ keys: [ctx.keys.publicJwk] });
  });

  app.get('/local/inbox', async (c) => {
    if (!ctx.inboxEnabled) throw notFound('not_found', 'The local inbox is turned off');
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
    // The page shows live sign-in links: never cache it.
    c.header('cache-control', 'no-store');
    return c.html(inboxHtml(messages, email));
  });
}
