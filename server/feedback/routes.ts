// The console's feedback widget (issue 21; spec A1 "a feedback widget (text plus screenshot)"):
// POST /api/platform/feedback/send stores a signed-in user's message, the page it came from and an optional image;
// GET /api/platform/admin/feedback and …/{id}/screenshot let the platform's admins read them. Admins are the
// accounts whose confirmed e-mail address is listed in STRATA_PLATFORM_ADMINS (comma-separated, read per request);
// the address is read from the auth tables by the session's user id, never from the token's claims.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { organizationAccess, projectAccess } from '../http/access.ts';
import { readBody } from '../http/validate.ts';
import { FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGE_BYTES } from '../../src/domain/feedback.ts';

const sendBody = z.object({
  message: z.string().trim().min(1, 'Write your feedback first').max(FEEDBACK_MAX_CHARS),
  pathname: z.string().max(2000).default(''),
  projectRef: z.string().optional(),
  orgSlug: z.string().optional(),
  /** A data URL (data:image/png;base64,…). */
  screenshot: z.string().max(Math.ceil((FEEDBACK_MAX_IMAGE_BYTES * 4) / 3) + 100).nullable().optional(),
});

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;
/** First bytes of each accepted type: the declared type must match the bytes. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

function readImage(dataUrl: string): { type: string; bytes: Buffer } {
  const match = DATA_URL.exec(dataUrl);
  if (!match || !(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(match[1]!)) throw badRequest('The screenshot must be a PNG, JPEG or WebP image');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > FEEDBACK_MAX_IMAGE_BYTES) throw badRequest('The screenshot may be at most 2 MB');
  if (!MAGIC[match[1]!]!(bytes)) throw badRequest('The screenshot is not the image type it says it is');
  return { type: match[1]!, bytes };
}

async function requireAdmin(c: Context<AppEnv>): Promise<void> {
  const admins = (process.env.STRATA_PLATFORM_ADMINS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const { rows } = await c.var.services.pool.query<{ email: string }>(
    'select lower(email) as email from auth.users where id = $1 and email_confirmed_at is not null',
    [c.var.user.sub],
  );
  const email = rows[0]?.email;
  if (!email || !admins.includes(email)) throw forbidden("Only the platform's admins can read feedback");
}

export function consoleFeedbackRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/feedback/send', async (c) => {
    const { pool } = c.var.services;
    const body = await readBody(c, sendBody);
    // A named project or organization must be the caller's (404 otherwise, as everywhere).
    if (body.projectRef) await projectAccess(pool, body.projectRef, c.var.user.sub);
    if (body.orgSlug) await organizationAccess(pool, body.orgSlug, c.var.user.sub);
    const image = body.screenshot ? readImage(body.screenshot) : null;
    const { rows } = await pool.query<{ id: string }>(
      `insert into console_feedback (profile_id, message, page_path, project_ref, org_slug, screenshot_type, screenshot)
       values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
      [c.var.user.sub, body.message, body.pathname, body.projectRef ?? null, body.orgSlug ?? null, image?.type ?? null, image?.bytes ?? null],
    );
    return c.json({ id: rows[0]!.id }, 201);
  });

  routes.get('/admin/feedback', async (c) => {
    await requireAdmin(c);
    const { rows } = await c.var.services.pool.query(
      `select f.id::text, f.message, f.page_path, f.project_ref, f.org_slug, f.inserted_at, u.email,
              f.screenshot is not null as has_screenshot
         from console_feedback f left join auth.users u on u.id = f.profile_id
        order by f.inserted_at desc limit 200`,
    );
    return c.json(rows);
  });

  routes.get('/admin/feedback/:id/screenshot', async (c) => {
    await requireAdmin(c);
    const id = c.req.param('id');
    if (!/^\d{1,18}$/.test(id)) throw notFound('Feedback not found');
    const { rows } = await c.var.services.pool.query<{ screenshot_type: string; screenshot: Buffer }>(
      'select screenshot_type, screenshot from console_feedback where id = $1 and screenshot is not null',
      [id],
    );
    const row = rows[0];
    if (!row) throw notFound('Feedback not found');
    // User content: never run in the console's origin (DESIGN §5).
    return c.body(new Uint8Array(row.screenshot), 200, {
      'content-type': row.screenshot_type,
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
  });

  return routes;
}
