// The local inbox. There is no mail server on a developer's machine, so every mail the auth service would send
// is stored in auth.mail_outbox, shown at GET /auth/v1/local/inbox and printed to the platform log. That is the
// intended delivery channel here, so links and codes may be logged; passwords and session tokens never are.
import type { Queryable } from './db.ts';
import { AuthError } from './errors.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A project's e-mail template, rendered (server/project-auth/mailer.ts): sent instead of the text. */
  html?: string;
  link?: string;
  code?: string;
}

/** The mails that have a template (GoTrue's names). */
export type MailKind = 'confirmation' | 'magic_link' | 'recovery' | 'invite' | 'email_change';

/** A project's mail settings (issue 18): its templates, and its custom SMTP server when one is set. */
export interface ProjectMailer {
  render(kind: MailKind, mail: Mail): Mail;
  send?: (mail: Mail) => Promise<void>;
}

/**
 * A mail of the auth service: shaped by the project's template, kept in the inbox, and handed to the project's
 * SMTP server when it has one. A server that refuses it fails the request with its reason: the mail's link or
 * code would otherwise be lost without a word. 500 as GoTrue answers it (auth-js takes a 502 for a network failure
 * and drops the reason).
 */
export async function deliverMail(
  ctx: { pool: Queryable; log: (line: string) => void; mailer?: ProjectMailer | undefined },
  kind: MailKind | null,
  mail: Mail,
): Promise<void> {
  const final = kind && ctx.mailer ? ctx.mailer.render(kind, mail) : mail;
  await sendMail(ctx.pool, ctx.log, final.html === undefined ? final : { ...final, text: final.html });
  if (ctx.mailer?.send) {
    try {
      await ctx.mailer.send(final);
    } catch (error) {
      throw new AuthError(500, 'email_send_failed', `Error sending ${kind?.replace('_', ' ') ?? 'notification'} email: ${(error as Error).message}`);
    }
  }
}

export async function sendMail(db: Queryable, log: (line: string) => void, mail: Mail): Promise<void> {
  await db.query('INSERT INTO auth.mail_outbox (to_email, subject, body_text, link, code) VALUES ($1, $2, $3, $4, $5)', [
    mail.to,
    mail.subject,
    mail.text,
    mail.link ?? null,
    mail.code ?? null,
  ]);
  const parts = [`[auth] mail to ${mail.to}: ${mail.subject}`];
  if (mail.link) parts.push(`link ${mail.link}`);
  if (mail.code) parts.push(`code ${mail.code}`);
  log(parts.join(' — '));
}

/** The confirmation of a sign-up (issue 13 finding 6): the address counts once its link or code is used. */
export function signUpMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: 'Confirm your sign-up',
    text: `Follow this link to confirm your e-mail address and sign in:\n${link}\n\nOr enter this code: ${code}\n`,
    link,
    code,
  };
}

export function magicLinkMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: 'Your sign-in link',
    text: `Follow this link to sign in:\n${link}\n\nOr enter this code: ${code}\n`,
    link,
    code,
  };
}

export function recoveryMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: 'Reset your password',
    text: `Follow this link to reset the password for your account:\n${link}\n\nOr enter this code: ${code}\n`,
    link,
    code,
  };
}

export function inviteMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: 'You have been invited',
    text: `You have been invited to create an account. Follow this link to accept:\n${link}\n\nOr enter this code: ${code}\n`,
    link,
    code,
  };
}

export function emailChangeMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: 'Confirm your new e-mail address',
    text: `Follow this link to make ${to} the address of your account:\n${link}\n\nOr enter this code: ${code}\n`,
    link,
    code,
  };
}

/** To the current address: the change waits for the new address, and the owner learns of it meanwhile. */
export function emailChangeRequestedMail(to: string, newEmail: string): Mail {
  return {
    to,
    subject: 'Your e-mail address is about to change',
    text: `A change of your account's e-mail address to ${newEmail} was requested. It takes effect once that address confirms it. If this was not you, change your password.\n`,
  };
}

export function emailChangedMail(to: string, newEmail: string): Mail {
  return { to, subject: 'Your e-mail address was changed', text: `The e-mail address of your account is now ${newEmail}.\n` };
}

export interface InboxMessage {
  id: string;
  to_email: string;
  subject: string;
  body_text: string;
  link: string | null;
  code: string | null;
  created_at: Date;
}

export const INBOX_PAGE_SIZE = 50;

// Newest first by the table's id: a bare `id` would name the text output column, and '9' sorts after '12'.
export async function readInbox(db: Queryable, email?: string): Promise<InboxMessage[]> {
  const result = await db.query<InboxMessage>(
    `SELECT id::text, to_email, subject, body_text, link, code, created_at FROM auth.mail_outbox
     WHERE $1::text IS NULL OR to_email = $1 ORDER BY mail_outbox.id DESC LIMIT $2`,
    [email?.toLowerCase() ?? null, INBOX_PAGE_SIZE],
  );
  return result.rows;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain page, no script: links and codes of the latest mails, newest first. */
export function inboxHtml(messages: readonly InboxMessage[], email?: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to_email)}
  <time datetime="${m.created_at.toISOString()}">${m.created_at.toISOString()}</time></header>
  ${m.code ? `<p>Code: <code>${escapeHtml(m.code)}</code></p>` : ''}
  ${m.link ? `<p><a href="${escapeHtml(m.link)}">Open the link</a></p>` : ''}
  <pre>${escapeHtml(m.body_text)}</pre>
</article>`,
    )
    .join('\n');
  const title = email ? `Local inbox of ${escapeHtml(email)}` : 'Local inbox';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;background:#1e1e1e;color:#eee}
article{border:1px solid #444;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}a{color:#6cf}
pre{white-space:pre-wrap;color:#bbb}time{color:#999;float:right}code{font-size:1.2em}</style></head>
<body><h1>${title}</h1>
<p>No mail server runs locally: the auth service delivers every mail here (and to the platform log).</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
