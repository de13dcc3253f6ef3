// Dynamic client registration (RFC 7591) for MCP clients (spec C§9: OAuth 2.1 with dynamic client registration).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { hashToken, matchesHash, newToken } from './tokens.ts';

type Queryable = Pick<pg.Pool, 'query'>;

const SCHEMES_NEVER_ALLOWED = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OAuth 2.1 §2.3.1 / RFC 8252: https anywhere, http only on a loopback host (native apps), or a private-use scheme
 * (`cursor://…`, `vscode://…`) for native clients; never a fragment, never a scheme that runs code in a browser.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `redirect_uris: ${JSON.stringify(value)} is not an absolute URL`;
  }
  if (url.hash) return 'redirect_uris must not contain a fragment';
  if (SCHEMES_NEVER_ALLOWED.has(url.protocol)) return `redirect_uris: the ${url.protocol} scheme is not allowed`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'redirect_uris: http is allowed only on a loopback host (localhost, 127.0.0.1, [::1]); use https';
  }
  return null;
}

export const registrationBody = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().max(2000).optional(),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_post', 'client_secret_basic']).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  scope: z.string().max(1000).optional(),
});
export type RegistrationBody = z.output<typeof registrationBody>;

export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_secret?: string;
  client_secret_expires_at?: number;
  client_name?: string;
  client_uri?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  response_types: string[];
}

export const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];

export async function registerClient(db: Queryable, body: RegistrationBody): Promise<RegisteredClient> {
  const method = body.token_endpoint_auth_method ?? 'none';
  const clientId = randomUUID();
  const secret = method === 'none' ? undefined : newToken('clientSecret');
  const { rows } = await db.query<{ created_at: Date }>(
    `insert into oauth_clients (client_id, client_secret_hash, client_name, client_uri, redirect_uris, token_endpoint_auth_method)
     values ($1, $2, $3, $4, $5, $6) returning created_at`,
    [clientId, secret ? hashToken(secret) : null, body.client_name ?? null, body.client_uri ?? null, body.redirect_uris, method],
  );
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(rows[0]!.created_at.getTime() / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    ...(body.client_name ? { client_name: body.client_name } : {}),
    ...(body.client_uri ? { client_uri: body.client_uri } : {}),
    redirect_uris: body.redirect_uris,
    token_endpoint_auth_method: method,
    grant_types: SUPPORTED_GRANT_TYPES,
    response_types: ['code'],
  };
}

export interface ClientRow {
  client_id: string;
  client_secret_hash: string | null;
  client_name: string | null;
  client_uri: string | null;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none' | 'client_secret_post' | 'client_secret_basic';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  if (!UUID.test(clientId)) return null;
  const { rows } = await db.query<ClientRow>(
    `select client_id, client_secret_hash, client_name, client_uri, redirect_uris, token_endpoint_auth_method
       from oauth_clients where client_id = $1`,
    [clientId],
  );
  return rows[0] ?? null;
}

/** A confidential client must present its secret the way it registered; a public client presents none. */
export function clientAuthenticates(client: ClientRow, presentedSecret: string | undefined): boolean {
  if (client.token_endpoint_auth_method === 'none') return true;
  return presentedSecret !== undefined && client.client_secret_hash !== null && matchesHash(presentedSecret, client.client_secret_hash);
}
