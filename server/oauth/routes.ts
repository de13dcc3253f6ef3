// The platform as the OAuth 2.1 authorization server of its MCP server (issue 16, spec C§9): metadata (RFC 8414,
// RFC 9728), dynamic client registration (RFC 7591), /oauth/authorize with PKCE S256 handing over to the console's
// consent screen (spec A2.14), /oauth/token (authorization_code, refresh_token with rotation), revocation (RFC 7009).
// These endpoints are for third-party clients that hold no session: CORS is open, and no cookie is ever read.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { clientAddress, createRateLimiter, RateLimited, resolveRateLimits, type RateLimiter, type RateLimitName } from '../auth/rate-limits.ts';
import { logServerError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { clientAuthenticates, findClient, redirectUriProblem, registerClient, registrationBody, SUPPORTED_GRANT_TYPES } from './clients.ts';
import { createAuthorization, exchangeCode, OAuthError, refreshTokens, revokeToken } from './grants.ts';
import { describeIssues } from '../http/validate.ts';

/** The console's consent screen (spec A2.14), under the console's base path. */
export const CONSENT_PATH = '/dashboard/authorize';
export const MCP_PATH = '/mcp';
const OAUTH_MAX_BODY_BYTES = 64 * 1024;

export const issuerOf = (c: Context) => new URL(c.req.url).origin;
export const mcpResourceOf = (c: Context) => `${issuerOf(c)}${MCP_PATH}`;
export const protectedResourceMetadataUrl = (c: Context) => `${issuerOf(c)}/.well-known/oauth-protected-resource${MCP_PATH}`;

function oauthError(c: Context, error: OAuthError): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (error.status === 401) headers['www-authenticate'] = 'Basic realm="oauth"';
  return c.json({ error: error.error, error_description: error.description }, error.status, headers);
}

/** Form fields of a token/revoke request (RFC 6749 uses application/x-www-form-urlencoded); first value wins. */
async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded');
  }
  const text = await c.req.text();
  if (text.length > 16_384) throw new OAuthError('invalid_request', 'Request body too large');
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) if (!(key in fields)) fields[key] = value;
  return fields;
}

/** client_secret_basic (Authorization: Basic) or client_secret_post / public client_id in the form. */
function clientCredentials(c: Context, fields: Record<string, string>): { clientId: string; secret: string | undefined } {
  const header = c.req.header('authorization');
  if (header?.toLowerCase().startsWith('basic ')) {
    let decoded = '';
    try {
      decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    // RFC 6749 §2.3.1: both parts are form-encoded; a malformed escape is the client's error, not a 500.
    try {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    }
  }
  const clientId = fields.client_id;
  if (!clientId) throw new OAuthError('invalid_client', 'client_id is required', 401);
  return { clientId, secret: fields.client_secret };
}

export function oauthRoutes(deps: { services: () => Promise<Services> }): Hono {
  const routes = new Hono();
  const open = cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['content-type', 'authorization', 'mcp-protocol-version'] });
  routes.use('/.well-known/*', open);
  routes.use('/oauth/register', open);
  routes.use('/oauth/token', open);
  routes.use('/oauth/revoke', open);
  // Every request here is small; a larger body is refused before it is read.
  routes.use('/oauth/*', bodyLimit({ maxSize: OAUTH_MAX_BODY_BYTES, onError: (c) => c.json({ error: 'invalid_request', error_description: 'Request body too large' }, 413) }));

  // Registration and the token endpoint hold no session, so they are limited per client address (the socket's, as
  // the auth service does), on the auth service's counters in the platform database (so processes agree) under keys
  // of their own: registration as a sign-up (sign_in_sign_ups), token exchanges as refreshes (token_refresh).
  let limiter: RateLimiter | null = null;
  const limited = async (c: Context, svc: Services, limit: RateLimitName): Promise<Response | null> => {
    limiter ??= createRateLimiter(svc.pool, resolveRateLimits(undefined, () => {}));
    try {
      await limiter.take([{ limit, key: `oauth:${clientAddress(c)}` }]);
      return null;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      return c.json({ error: 'too_many_requests', error_description: 'Request rate limit reached' }, 429, {
        'retry-after': String(error.retryAfterSeconds),
        'cache-control': 'no-store',
      });
    }
  };

  const services = async (c: Context): Promise<Services | Response> => {
    try {
      return await deps.services();
    } catch (error) {
      logServerError('database start-up', error);
      return c.json({ error: 'temporarily_unavailable', error_description: 'The platform database is not available' }, 503);
    }
  };

  routes.get('/.well-known/oauth-authorization-server', (c) => {
    const issuer = issuerOf(c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: SUPPORTED_GRANT_TYPES,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  // RFC 9728: what protects /mcp and where to get a token for it.
  const resourceMetadata = (c: Context) =>
    c.json({
      resource: mcpResourceOf(c),
      authorization_servers: [issuerOf(c)],
      bearer_methods_supported: ['header'],
      resource_name: 'Strata MCP server',
    });
  routes.get('/.well-known/oauth-protected-resource', resourceMetadata);
  routes.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, resourceMetadata);

  routes.post('/oauth/register', async (c) => {
    const svc = await services(c);
    if (svc instanceof Response) return svc;
    const refused = await limited(c, svc, 'sign_in_sign_ups');
    if (refused) return refused;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid_client_metadata', error_description: 'Request body must be valid JSON' }, 400);
    }
    const parsed = registrationBody.safeParse(body);
    if (!parsed.success) return c.json({ error: 'invalid_client_metadata', error_description: describeIssues(parsed.error, 'client metadata') }, 400);
    for (const uri of parsed.data.redirect_uris) {
      const problem = redirectUriProblem(uri);
      if (problem) return c.json({ error: 'invalid_redirect_uri', error_description: problem }, 400);
    }
    const unsupported = (parsed.data.grant_types ?? []).find((grant) => !SUPPORTED_GRANT_TYPES.includes(grant));
    if (unsupported) return c.json({ error: 'invalid_client_metadata', error_description: `grant_types: ${unsupported} is not supported` }, 400);
    if ((parsed.data.response_types ?? ['code']).some((type) => type !== 'code')) {
      return c.json({ error: 'invalid_client_metadata', error_description: 'response_types: only code is supported' }, 400);
    }
    return c.json(await registerClient(svc.pool, parsed.data), 201, { 'cache-control': 'no-store' });
  });

  // The authorization request. Client and redirect URI are checked first: with either wrong nothing is redirected
  // (an open redirector otherwise); other errors go back to the client's redirect URI (RFC 6749 §4.1.2.1).
  routes.get('/oauth/authorize', async (c) => {
    const svc = await services(c);
    if (svc instanceof Response) return svc;
    const q = c.req.query();
    const client = await findClient(svc.pool, q.client_id ?? '');
    if (!client) return c.json({ error: 'invalid_client', error_description: 'Unknown client_id: register the client first' }, 400);
    const redirectUri = q.redirect_uri ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0]! : '');
    if (!client.redirect_uris.includes(redirectUri)) {
      return c.json({ error: 'invalid_request', error_description: 'redirect_uri is not one of the client’s registered redirect URIs' }, 400);
    }
    const back = (error: string, description: string) => {
      const url = new URL(redirectUri);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (q.state !== undefined) url.searchParams.set('state', q.state);
      url.searchParams.set('iss', issuerOf(c));
      return c.redirect(url.toString(), 302);
    };
    if (q.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    if (!q.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(q.code_challenge)) {
      return back('invalid_request', 'code_challenge is required (PKCE, RFC 7636)');
    }
    if (q.code_challenge_method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');
    const resource = mcpResourceOf(c);
    if (q.resource !== undefined && q.resource.replace(/\/$/, '') !== resource) {
      return back('invalid_target', `resource must be ${resource}`);
    }
    if ((q.state?.length ?? 0) > 1000 || (q.scope?.length ?? 0) > 1000) return back('invalid_request', 'state or scope is too long');
    const id = await createAuthorization(svc.pool, {
      clientId: client.client_id,
      redirectUri,
      codeChallenge: q.code_challenge,
      state: q.state,
      scope: q.scope ?? '',
      resource,
    });
    // The console asks a signed-out user to sign in first and comes back here (its /_app route keeps returnTo).
    return c.redirect(`${CONSENT_PATH}?auth_id=${id}`, 302);
  });

  routes.post('/oauth/token', async (c) => {
    const svc = await services(c);
    if (svc instanceof Response) return svc;
    const refused = await limited(c, svc, 'token_refresh');
    if (refused) return refused;
    try {
      const fields = await formFields(c);
      const { clientId, secret } = clientCredentials(c, fields);
      const client = await findClient(svc.pool, clientId);
      if (!client || !clientAuthenticates(client, secret)) throw new OAuthError('invalid_client', 'Client authentication failed', 401);
      const tokens =
        fields.grant_type === 'authorization_code'
          ? await exchangeCode(svc.pool, {
              code: fields.code ?? '',
              codeVerifier: fields.code_verifier ?? '',
              redirectUri: fields.redirect_uri,
              clientId,
              resource: fields.resource?.replace(/\/$/, '') ?? mcpResourceOf(c),
            })
          : fields.grant_type === 'refresh_token'
            ? await refreshTokens(svc.pool, { refreshToken: fields.refresh_token ?? '', clientId })
            : null;
      if (!tokens) throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      return c.json(tokens, 200, { 'cache-control': 'no-store', pragma: 'no-cache' });
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(c, error);
      throw error;
    }
  });

  routes.post('/oauth/revoke', async (c) => {
    const svc = await services(c);
    if (svc instanceof Response) return svc;
    try {
      const fields = await formFields(c);
      const { clientId, secret } = clientCredentials(c, fields);
      const client = await findClient(svc.pool, clientId);
      if (!client || !clientAuthenticates(client, secret)) throw new OAuthError('invalid_client', 'Client authentication failed', 401);
      if (!fields.token) throw new OAuthError('invalid_request', 'token is required');
      await revokeToken(svc.pool, fields.token, clientId);
      return c.body(null, 200);
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(c, error);
      throw error;
    }
  });

  return routes;
}
