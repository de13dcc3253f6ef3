// Errors of the storage service in the storage API's shape {statusCode, error, message} (the official client
// reads message and statusCode), with the HTTP status that says what went wrong.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError, logServerError } from '../http/errors.ts';

export class StorageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found');
export const duplicate = () => new StorageError(409, 'Duplicate', 'The resource already exists');
export const tooLarge = () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMime = (mime: string) => new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
export const unauthorized = (message: string) => new StorageError(403, 'Unauthorized', message);

export const databaseUnavailable = () => new StorageError(503, 'DatabaseUnavailable', 'The project database is not available');

/**
 * The value, or null when what was asked for does not exist (a 404). Any other failure — above all a database that
 * cannot be reached — is thrown, so it is answered 503 rather than passed off as a missing object (issue 13 finding 5).
 */
export async function unlessMissing<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StorageError && error.status === 404) return null;
    throw error;
  }
}

/** Postgres error codes the storage operations turn into client errors. */
function fromDatabase(error: unknown): StorageError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === '23505') return duplicate();
  if (code === '23503') return new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
  if (typeof code === 'string' && code.startsWith('22')) return new StorageError(400, 'InvalidRequest', (error as Error).message);
  // Connection refused or reset, database gone or refusing connections (a paused project), its connection limit
  // reached (53300): not the caller's fault.
  if (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' ||
    code === '57P03' ||
    code === '3D000' ||
    code === '28000' ||
    code === '53300'
  ) {
    return databaseUnavailable();
  }
  const message = (error as Error)?.message ?? '';
  // 55000 "database … is not currently accepting connections" (allow_connections false); the pool's wait for a
  // connection running out; a connection lost mid-request.
  if ((code === '55000' && message.includes('accepting connections')) || /timeout exceeded when trying to connect|Connection terminated/.test(message)) {
    return databaseUnavailable();
  }
  return null;
}

/** Any error thrown by a storage handler as a storage response; unknown errors are logged and answered 500. */
export function toStorageError(error: unknown, context: string): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof HttpError) return new StorageError(error.status, 'Error', error.message);
  const mapped = fromDatabase(error);
  if (mapped) return mapped;
  logServerError(context, error);
  return new StorageError(500, 'Internal', 'Internal server error');
}

export function storageErrorResponse(c: Context, error: unknown): Response {
  const err = toStorageError(error, `${c.req.method} ${c.req.path}`);
  return c.json({ statusCode: String(err.status), error: err.error, message: err.message }, err.status);
}
