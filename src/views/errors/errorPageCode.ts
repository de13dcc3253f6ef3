import { ApiError } from '../../api/client.ts';
import { BadRequestError } from '../../domain/error-pages.ts';

/**
 * Which error page of spec A2.14 a route's failure is, if any: a malformed address is 400 (Bad Request); a resource
 * the user cannot see is 404 (the platform answers 404 — or 403 — for organizations and projects the user is not a
 * member of); the platform failing on its side (500) is 500 (Internal Server Error). Anything else (a 503, a lost
 * network) is the generic error alert, whose wording has its own rules.
 */
export function errorPageCodeOf(error: unknown): 400 | 404 | 500 | null {
  if (error instanceof BadRequestError) return 400;
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404 || error.status === 403) return 404;
  if (error.status === 400) return 400;
  if (error.status === 500) return 500;
  return null;
}
