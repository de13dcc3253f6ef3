// JSON errors of the platform API: a status and a clear {message}, never a stack trace (DESIGN §5).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra fields of the JSON body (e.g. formattedError and position of a SQL error). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, body?: Record<string, unknown>) => new HttpError(400, message, body);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string) => new HttpError(503, message);

/** Logs what an operator needs without request bodies, tokens or passwords. */
export function logServerError(context: string, error: unknown): void {
  const err = error as { message?: string; code?: string; stack?: string };
  console.error(`[strata] ${context}: ${err?.code ? `${err.code} ` : ''}${err?.message ?? String(error)}`);
  if (process.env.STRATA_DEBUG && err?.stack) console.error(err.stack);
}

/** Maps anything thrown by a handler to a JSON response. */
export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof HttpError) {
    return c.json({ ...error.body, message: error.message }, error.status);
  }
  if (error instanceof SyntaxError) {
    return c.json({ message: 'Request body must be valid JSON' }, 400);
  }
  const pgCode = (error as { code?: unknown }).code;
  if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
    // Class 22 (data exception): a value the database cannot take; the request was at fault, not the server.
    return c.json({ message: `Invalid input: ${(error as Error).message}` }, 400);
  }
  // Hono's own HTTPException (body limit, malformed requests) carries its status.
  const status = (error as { status?: unknown; getResponse?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof (error as { getResponse?: unknown }).getResponse === 'function') {
    return c.json({ message: (error as Error).message || 'Bad request' }, status as ContentfulStatusCode);
  }
  logServerError(`${c.req.method} ${c.req.path}`, error);
  return c.json({ message: 'Internal server error' }, 500);
}
