// Shared pieces of the storage service's routes: the services getter, error answers in storage's shape, the
// object name taken from the URL (after /{bucket}/), JSON bodies.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { describeIssues } from '../http/validate.ts';
import { StorageError, storageErrorResponse } from './errors.ts';
import { forgetStorageSchema, isMissingSchema } from './schema.ts';

export interface ServiceDeps {
  services: () => Promise<Services>;
  publicHost: string;
}

export type Handler = (c: Context, services: Services) => Promise<Response>;

/** Runs a handler with the services; every failure becomes a storage error response. */
export function handle(deps: ServiceDeps, handler: Handler) {
  return async (c: Context): Promise<Response> => {
    let services: Services;
    try {
      services = await deps.services();
    } catch {
      return c.json({ statusCode: '503', error: 'DatabaseUnavailable', message: 'The platform database is not available' }, 503);
    }
    try {
      return await handler(c, services);
    } catch (error) {
      // Someone dropped the storage schema by hand: it is made again on the next request.
      if (isMissingSchema(error)) forgetStorageSchema(c.req.param('ref') ?? '');
      return storageErrorResponse(c, error);
    }
  };
}

/**
 * The part of the URL path after `marker` (e.g. '/object/public/'), percent-decoded: `{bucket}/{name}`. The
 * official client does not encode names, so both raw and encoded forms arrive.
 */
export function bucketAndName(c: Context, marker: string): { bucketId: string; name: string } {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(marker);
  const rest = at >= 0 ? pathname.slice(at + marker.length) : '';
  const slash = rest.indexOf('/');
  let bucketId: string;
  let name: string;
  try {
    bucketId = decodeURIComponent(slash < 0 ? rest : rest.slice(0, slash));
    name = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1));
  } catch {
    throw new StorageError(400, 'InvalidKey', 'Invalid key: bad percent-encoding');
  }
  return { bucketId, name };
}

export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new StorageError(400, 'InvalidRequest', 'Request body must be valid JSON');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StorageError(400, 'InvalidRequest', describeIssues(parsed.error, 'body'));
  return parsed.data;
}
