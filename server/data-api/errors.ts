// Errors of the Data API in PostgREST's JSON shape {code, details, hint, message} with its codes and statuses, so
// the official client (postgrest-js) and code written for the hosted platform read them unchanged (issue 17).
import { logServerError } from '../http/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** 'database': Postgres answered so (the statement ran); 'api': refused before any statement. */
    readonly source: 'api' | 'database' = 'api',
  ) {
    super(message);
  }

  body(): { code: string; details: string | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string could not be parsed (a bad filter, order, select…). */
export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details);

/**
 * A Postgres error, answered the way PostgREST maps SQLSTATEs to HTTP statuses. Only the server's own message,
 * detail and hint are passed on — never a stack or the SQL text.
 */
export function fromPostgres(error: unknown, authenticated: boolean): ApiError {
  const pgError = error as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
  const code = typeof pgError.code === 'string' ? pgError.code : '';
  if (!/^[0-9A-Z]{5}$/.test(code)) {
    logServerError('data API', error);
    return new ApiError(503, 'PGRST000', 'The project database is not available');
  }
  const message = typeof pgError.message === 'string' ? pgError.message : 'Database error';
  const details = typeof pgError.detail === 'string' ? pgError.detail : null;
  const hint = typeof pgError.hint === 'string' ? pgError.hint : null;
  return new ApiError(statusOf(code, authenticated), code, message, details, hint, 'database');
}

function statusOf(code: string, authenticated: boolean): number {
  // PostgREST's table (docs "Errors", HTTP Status Codes), SQLSTATE → HTTP status.
  if (code === '42501') return authenticated ? 403 : 401; // insufficient_privilege
  if (code === '42P01' || code === '42883') return 404; // undefined_table, undefined_function
  if (code === '23505' || code === '23503') return 409; // unique / foreign key violation
  if (code === '25006') return 405; // read_only_sql_transaction (a volatile function called with GET)
  if (code === '53400') return 500; // config_limit_exceeded
  if (code === 'P0001') return 400; // raise_exception
  if (code.startsWith('08') || code.startsWith('53')) return 503; // connection, insufficient resources
  if (code.startsWith('0L') || code.startsWith('0P') || code.startsWith('28')) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].some((prefix) => code.startsWith(prefix))) {
    return 500; // 57014, the statement timeout, is one of these
  }
  // 22 data exceptions, 23 other integrity violations, 42 syntax/undefined column…: the request was wrong.
  return 400;
}
