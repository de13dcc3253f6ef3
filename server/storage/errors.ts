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

/** Postgres error codes the storage operations turn into client errors. */
function fromDatabase(error: unknown): StorageError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === '23505') return duplicate();
  if (code === '23503') return new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
  if (typeof code === 'string' && code.startsWith('22')) return new StorageError(400, 'InvalidRequest', (error as Error).message);
  // Connection refused or reset, database gone or refusing connections (a paused project): not the caller's fault.
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P01' || code === '57P03' || code === '3D000' || code === '28000') {
    return new StorageError(503, 'DatabaseUnavailable', 'The project database is not available');
  }
  if ((error as Error)?.message?.includes('timeout exceeded when trying to connect')) {
    return new StorageError(503, 'DatabaseUnavailable', 'The project database is not available');
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
