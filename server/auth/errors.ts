// Errors of the auth service, shaped as GoTrue answers them so that @supabase/auth-js turns each into an
// AuthApiError with the right `code` (auth-js reads `error_code` when the reply has no API-version header, and
// `msg` for the message). Token-endpoint errors also carry the OAuth `error`/`error_description` pair.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, message, extra);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, message, extra);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);

/** spec A8: 'Auth session missing!' — auth-js maps session_not_found to AuthSessionMissingError anyway. */
export const SESSION_MISSING_MESSAGE = 'Auth session missing!';
export const sessionNotFound = () => forbidden('session_not_found', SESSION_MISSING_MESSAGE);
export const noAuthorization = () => new AuthError(401, 'no_authorization', SESSION_MISSING_MESSAGE);
export const invalidCredentials = () =>
  badRequest('invalid_credentials', 'Invalid login credentials', { error: 'invalid_grant' });
export const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');
export const userNotFound = () => notFound('user_not_found', 'User not found');
export const insufficientAal = (message: string) => new AuthError(403, 'insufficient_aal', message);

/** The first few zod issues, each with its field, as one readable message. */
export function zodMessage(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.join('.');
      if (!field && issue.code === 'invalid_type') return 'The request body must be a JSON object';
      // GoTrue wordings speak for themselves; zod's generic ones ('Invalid input: …') and ours in lower case
      // need the field they are about.
      const generic = /^[a-z]/.test(issue.message) || issue.message.startsWith('Invalid input');
      return field && generic ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function errorBody(error: AuthError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    code: error.status,
    error_code: error.errorCode,
    msg: error.message,
    ...error.extra,
  };
  // The OAuth pair for clients that read it (GoTrue's token endpoint style).
  if (typeof body.error === 'string') body.error_description = error.message;
  return body;
}

export function sendError(c: Context, error: AuthError) {
  return c.json(errorBody(error), error.status);
}
