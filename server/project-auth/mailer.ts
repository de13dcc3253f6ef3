// A project's mail (issue 18): its e-mail templates (GoTrue's mailer_subjects_* / mailer_templates_*_content) shape
// every auth mail, and with custom SMTP set (smtp_host) each mail also goes to that server (smtp.ts). The project's
// inbox keeps a copy either way, as the local record of what was sent.
import type { Mail, MailKind, ProjectMailer } from '../auth/mail.ts';
import type { AuthConfig } from './settings.ts';
import { sendSmtp } from './smtp.ts';

/** The settings' name of each kind of mail (GoTrue's). */
export const TEMPLATE_KEYS: Readonly<Record<MailKind, { subject: keyof AuthConfig; content: keyof AuthConfig }>> = {
  confirmation: { subject: 'mailer_subjects_confirmation', content: 'mailer_templates_confirmation_content' },
  magic_link: { subject: 'mailer_subjects_magic_link', content: 'mailer_templates_magic_link_content' },
  recovery: { subject: 'mailer_subjects_recovery', content: 'mailer_templates_recovery_content' },
  invite: { subject: 'mailer_subjects_invite', content: 'mailer_templates_invite_content' },
  email_change: { subject: 'mailer_subjects_email_change', content: 'mailer_templates_email_change_content' },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** GoTrue's template variables ({{ .ConfirmationURL }}, {{ .Token }}, {{ .Email }}, {{ .SiteURL }}); others stay as written. */
export function renderTemplate(template: string, vars: Readonly<Record<string, string>>, escape: (value: string) => string): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? escape(vars[name]!) : whole));
}

export function projectMailer(config: AuthConfig): ProjectMailer {
  const smtp = config.smtp_host
    ? {
        host: config.smtp_host,
        port: config.smtp_port,
        user: config.smtp_user,
        pass: config.smtp_pass,
        from: config.smtp_admin_email,
        senderName: config.smtp_sender_name,
      }
    : null;
  return {
    render(kind, mail) {
      const keys = TEMPLATE_KEYS[kind];
      const subject = String(config[keys.subject] ?? '');
      const content = String(config[keys.content] ?? '');
      if (!subject && !content) return mail;
      const vars = { ConfirmationURL: mail.link ?? '', Token: mail.code ?? '', Email: mail.to, SiteURL: config.site_url };
      const rendered: Mail = { ...mail };
      if (subject) rendered.subject = renderTemplate(subject, vars, (value) => value.replace(/[\r\n]/g, ' '));
      if (content) rendered.html = renderTemplate(content, vars, escapeHtml);
      return rendered;
    },
    ...(smtp ? { send: (mail: Mail) => sendSmtp(smtp, mail) } : {}),
  };
}
