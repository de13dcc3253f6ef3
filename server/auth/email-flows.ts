// Mails that carry a sign-in link and code: sign-up confirmation (/signup), magic link (/otp), recovery (/recover),
// invite (/invite), and the same link without a mail for /admin/generate_link.
import { badRequest } from './errors.ts';
import type { AuthServiceContext } from './context.ts';
import { resolveRedirect, verifyLink } from './links.ts';
import {
  emailChangeMail,
  emailChangeRequestedMail,
  inviteMail,
  magicLinkMail,
  recoveryMail,
  deliverMail,
  signUpMail,
  type MailKind,
} from './mail.ts';
import { issueEmailToken, type PkceRequest, type TokenPurpose } from './one-time-tokens.ts';
import type { UserRow } from './users.ts';

export type LinkType = 'magiclink' | 'recovery' | 'invite' | 'signup';

const MAIL_KIND: Record<LinkType, MailKind> = { magiclink: 'magic_link', signup: 'confirmation', invite: 'invite', recovery: 'recovery' };

const PURPOSE: Record<LinkType, TokenPurpose> = {
  magiclink: 'login',
  signup: 'login',
  invite: 'login',
  recovery: 'recovery',
};

/** auth-js sends both PKCE fields in the pkce flow and null for both otherwise; one without the other is a bug. */
export function pkceFrom(body: {
  code_challenge?: string | null;
  code_challenge_method?: 's256' | 'plain' | null;
}): PkceRequest | null {
  const challenge = body.code_challenge || null;
  const method = body.code_challenge_method || null;
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  return { codeChallenge: challenge, method };
}

export async function createEmailLink(
  ctx: AuthServiceContext,
  user: UserRow,
  type: LinkType,
  requestedRedirect: string | null | undefined,
  pkce: PkceRequest | null,
) {
  const redirectTo = resolveRedirect(ctx, requestedRedirect);
  const issued = await issueEmailToken(ctx.pool, user.id, PURPOSE[type], redirectTo, pkce);
  return { ...issued, redirectTo, link: verifyLink(ctx, issued.linkToken, type, redirectTo) };
}

export async function mailEmailLink(
  ctx: AuthServiceContext,
  user: UserRow,
  type: LinkType,
  requestedRedirect: string | null | undefined,
  pkce: PkceRequest | null,
) {
  const { link, code } = await createEmailLink(ctx, user, type, requestedRedirect, pkce);
  const to = user.email ?? '';
  const mail =
    type === 'recovery'
      ? recoveryMail(to, link, code)
      : type === 'invite'
        ? inviteMail(to, link, code)
        : type === 'signup'
          ? signUpMail(to, link, code)
          : magicLinkMail(to, link, code);
  await deliverMail(ctx, MAIL_KIND[type], mail);
}

/**
 * GoTrue's secure e-mail change (issue 13 finding 6): the new address gets a link and code that apply the change
 * (POST /verify type email_change, or the link); the current address is told. Until then nothing changes.
 */
export async function mailEmailChange(
  ctx: AuthServiceContext,
  user: UserRow,
  newEmail: string,
  requestedRedirect: string | null | undefined,
) {
  const redirectTo = resolveRedirect(ctx, requestedRedirect);
  const issued = await issueEmailToken(ctx.pool, user.id, 'email_change', redirectTo, null, newEmail);
  const link = verifyLink(ctx, issued.linkToken, 'email_change', redirectTo);
  await deliverMail(ctx, 'email_change', emailChangeMail(newEmail.toLowerCase(), link, issued.code));
  if (user.email) await deliverMail(ctx, null, emailChangeRequestedMail(user.email, newEmail.toLowerCase()));
}
