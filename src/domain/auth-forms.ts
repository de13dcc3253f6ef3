// The sign-in, sign-up and MFA forms' rules (spec A5) and messages (spec A8). Apart from the session's rules
// (./auth.ts), which every first load reads, so that only the pages with these forms carry them.
import { CODE_LENGTH } from './auth.ts';

export const AUTH_MESSAGES = {
  /** spec A5/A8: sign-up and password sign-in. */
  emailAndPasswordRequired: 'You must provide either an email or phone number and a password',
  /** spec A5/A8: OTP sign-in (and the e-mail of a password reset). */
  emailRequired: 'You must provide either an email or phone number.',
  codeFormat: `Enter the ${CODE_LENGTH}-digit code`,
  newPasswordRequired: 'You must provide a new password',
  totpPrompt: `Enter the ${CODE_LENGTH}-digit code from your authenticator app`,
  emailCodePrompt: `Enter the ${CODE_LENGTH}-digit code we sent to your email`,
  checkEmailToConfirm: 'Check your email to confirm your account, then sign in.',
  checkEmailForReset: 'Check your email for a link to reset your password.',
  passwordUpdated: 'Your password has been updated.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/** What a weak_password reply's reasons mean to the user (spec A8: weak_password with reasons). */
export const WEAK_PASSWORD_REASON_TEXT: Record<string, string> = {
  length: 'The password is too short.',
  characters: 'The password needs more kinds of characters (lower case, upper case, digits, symbols).',
  pwned: 'The password is known from a data breach. Choose another one.',
};

export function weakPasswordReasonText(reason: string): string {
  return WEAK_PASSWORD_REASON_TEXT[reason] ?? reason;
}

export function isBlank(value: string | undefined | null): boolean {
  return (value ?? '').trim() === '';
}

/** spec A5: sign-up and password sign-in need an email or phone plus a password. */
export function validateEmailAndPassword(email: string, password: string): string | null {
  return isBlank(email) || password === '' ? AUTH_MESSAGES.emailAndPasswordRequired : null;
}

/** spec A5: OTP sign-in needs an email or phone. */
export function validateEmail(email: string): string | null {
  return isBlank(email) ? AUTH_MESSAGES.emailRequired : null;
}

export function validateCode(code: string): string | null {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code.trim()) ? null : AUTH_MESSAGES.codeFormat;
}

export function validateNewPassword(password: string): string | null {
  return password === '' ? AUTH_MESSAGES.newPasswordRequired : null;
}

/** A failure as the forms show it: the server's message verbatim, plus weak_password reasons when given. */
export type AuthFailure = { message: string; code: string | null; status: number | null; reasons: string[] };

export function describeAuthError(error: unknown): AuthFailure {
  const e = (error ?? {}) as { message?: unknown; code?: unknown; status?: unknown; reasons?: unknown; name?: unknown };
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : AUTH_MESSAGES.unexpected;
  const code = typeof e.code === 'string' ? e.code : e.name === 'AuthWeakPasswordError' ? 'weak_password' : null;
  const status = typeof e.status === 'number' ? e.status : null;
  const reasons = Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === 'string') : [];
  return { message, code, status, reasons };
}

/**
 * The enrolment reply's QR code (spec A3: totp.qr_code, an SVG) as an <img src>. auth-js prefixes the raw SVG with
 * 'data:image/svg+xml;utf-8,' unencoded, which breaks on '#' and other characters: encode it.
 */
export function qrCodeImageSrc(qrCode: string): string {
  const rawPrefix = 'data:image/svg+xml;utf-8,';
  const svg = qrCode.startsWith(rawPrefix) ? qrCode.slice(rawPrefix.length) : qrCode.trimStart().startsWith('<') ? qrCode : null;
  return svg === null ? qrCode : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

