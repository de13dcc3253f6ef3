// MFA with TOTP: POST /factors, POST /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}.
// spec A4.11: aal1 → aal2 when the user has a verified factor and passes its challenge; status unverified → verified.
import type { Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { challengeFactorBody, enrollFactorBody, verifyFactorBody } from '../../../src/api/schemas/auth.ts';
import { isUuid, readBody, requireCaller, type AuthServiceContext, type Caller } from '../context.ts';
import { insufficientAal, notFound, sessionNotFound, unprocessable } from '../errors.ts';
import { downgradeSessionsOfFactor, sessionResponse, upgradeSession } from '../sessions.ts';
import { findUserById, listFactors, type FactorRow } from '../users.ts';

/** GoTrue's defaults: a challenge is good for 5 minutes; at most 10 factors a user. */
export const CHALLENGE_TTL_SECONDS = 300;
export const MAX_FACTORS = 10;
const DEFAULT_ISSUER = 'Strata';

const factorNotFound = () => notFound('mfa_factor_not_found', 'Factor not found');

function totpOf(factor: Pick<FactorRow, 'secret'>, label: string, issuer = DEFAULT_ISSUER) {
  // RFC 6238 defaults, which every authenticator app accepts.
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(factor.secret) });
}

async function ownFactor(ctx: AuthServiceContext, caller: Caller, id: string): Promise<FactorRow> {
  if (!isUuid(id)) throw factorNotFound();
  const result = await ctx.pool.query<FactorRow>('SELECT * FROM auth.mfa_factors WHERE id = $1 AND user_id = $2', [
    id,
    caller.user.id,
  ]);
  const factor = result.rows[0];
  if (!factor) throw factorNotFound();
  return factor;
}

export function registerFactors(app: Hono, ctx: AuthServiceContext): void {
  app.post('/factors', async (c) => {
    const caller = await requireCaller(c, ctx);
    const body = await readBody(c, enrollFactorBody);
    if (body.factor_type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (body.factor_type === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    // GoTrue's mfa_totp_enroll_enabled (a project's setting, issue 18).
    if (!ctx.mfaTotp.enroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const factors = await listFactors(ctx.pool, caller.user.id);
    if (factors.some((f) => f.status === 'verified') && caller.session.aal !== 'aal2') {
      throw insufficientAal('AAL2 required to enroll a new factor');
    }
    if (factors.length >= MAX_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');
    }
    const friendlyName = body.friendly_name?.trim() ?? '';
    const secret = new Secret({ size: 20 }).base32;
    const totp = totpOf({ secret }, caller.user.email || caller.user.id, body.issuer?.trim() || DEFAULT_ISSUER);
    const uri = totp.toString();
    let inserted;
    try {
      inserted = await ctx.pool.query<{ id: string }>(
        `INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, secret) VALUES ($1, $2, 'totp', $3)
         RETURNING id`,
        [caller.user.id, friendlyName, secret],
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    // GoTrue sends the bare SVG; auth-js prefixes it with 'data:image/svg+xml;utf-8,' (spec A3 qr_code).
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return c.json({
      id: inserted.rows[0]!.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: svg, secret, uri },
    });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const caller = await requireCaller(c, ctx);
    await readBody(c, challengeFactorBody);
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    const result = await ctx.pool.query<{ id: string; expires_at: number }>(
      `INSERT INTO auth.mfa_challenges (factor_id) VALUES ($1)
       RETURNING id, (extract(epoch FROM created_at)::bigint + $2)::int AS expires_at`,
      [factor.id, CHALLENGE_TTL_SECONDS],
    );
    const challenge = result.rows[0]!;
    return c.json({ id: challenge.id, type: 'totp', expires_at: challenge.expires_at });
  });

  app.post('/factors/:id/verify', async (c) => {
    const caller = await requireCaller(c, ctx);
    const body = await readBody(c, verifyFactorBody);
    if (!ctx.mfaTotp.verify) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    // TOTP codes are six digits too (issue 13 finding 3): tries are counted per user.
    await ctx.rateLimiter.take([{ limit: 'mfa_verifications', key: caller.user.id }]);
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    const challengeMissing = () =>
      notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (!isUuid(body.challenge_id)) throw challengeMissing();
    const found = await ctx.pool.query<{ expired: boolean }>(
      `SELECT created_at + make_interval(secs => $3) <= now() AS expired FROM auth.mfa_challenges
       WHERE id = $1 AND factor_id = $2 AND verified_at IS NULL`,
      [body.challenge_id, factor.id, CHALLENGE_TTL_SECONDS],
    );
    const challenge = found.rows[0];
    if (!challenge) throw challengeMissing();
    if (challenge.expired) {
      await ctx.pool.query('DELETE FROM auth.mfa_challenges WHERE id = $1', [body.challenge_id]);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    // One period either side, for clock drift between the phone and this machine.
    const valid = totpOf(factor, caller.user.email ?? '').validate({ token: body.code.trim(), window: 1 }) !== null;
    if (!valid) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    // A challenge answers once: the conditional update lets only one concurrent verify through.
    const claimed = await ctx.pool.query(
      'UPDATE auth.mfa_challenges SET verified_at = now() WHERE id = $1 AND verified_at IS NULL',
      [body.challenge_id],
    );
    if (claimed.rowCount !== 1) throw challengeMissing();
    await ctx.pool.query(
      `UPDATE auth.mfa_factors SET status = 'verified', updated_at = now() WHERE id = $1 AND status <> 'verified'`,
      [factor.id],
    );
    const upgraded = await upgradeSession(ctx.pool, caller.session.id, factor.id);
    const user = await findUserById(ctx.pool, caller.user.id);
    if (!upgraded || !user) throw sessionNotFound();
    return c.json(await sessionResponse(ctx.pool, ctx.keys, user, upgraded.session, upgraded.refreshToken));
  });

  app.delete('/factors/:id', async (c) => {
    const caller = await requireCaller(c, ctx);
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    if (factor.status === 'verified' && caller.session.aal !== 'aal2') {
      throw insufficientAal('AAL2 required to unenroll verified factor');
    }
    await removeFactor(ctx, factor);
    return c.json({ id: factor.id });
  });
}

/** Sessions that reached aal2 with this factor fall back to aal1 before it goes (its id is then cleared). */
export async function removeFactor(ctx: AuthServiceContext, factor: Pick<FactorRow, 'id'>): Promise<void> {
  await downgradeSessionsOfFactor(ctx.pool, factor.id);
  await ctx.pool.query('DELETE FROM auth.mfa_factors WHERE id = $1', [factor.id]);
}
