// {platform}/mcp (spec C§9): the MCP server over Streamable HTTP, stateless (a server per request, JSON answers),
// for bearer tokens only: an OAuth access token issued for this resource, or a personal access token.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { isMcpFeatureGroup, mcpGroupsForMode, type McpFeatureGroup } from '../../src/domain/mcp.ts';
import { PROJECT_REF_PATTERN } from '../../src/api/schemas/platformFields.ts';
import type { Mode } from '../config.ts';
import { projectAccess } from '../http/access.ts';
import { HttpError, logServerError } from '../http/errors.ts';
import { DEFAULT_PROJECT_REF } from '../projects/names.ts';
import type { Services } from '../services.ts';
import { MCP_PATH, mcpResourceOf, protectedResourceMetadataUrl } from '../oauth/routes.ts';
import { verifyMcpBearer } from '../oauth/tokens.ts';

/**
 * The MCP SDK and the tools (~28 MB of the platform's memory once loaded, issue 15's memory budget) are loaded on
 * the first MCP request, not at start-up: most platforms never serve one.
 */
let mcpModules: Promise<[typeof import('./server.ts'), typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]> | null = null;
const loadMcp = () => (mcpModules ??= Promise.all([import('./server.ts'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]));

/** A JSON-RPC error body (what MCP clients read), with an HTTP status. */
const MCP_MAX_BODY_BYTES = 8 * 1024 * 1024;

const rpcError = (c: Context, status: 400 | 401 | 403 | 404 | 405 | 413 | 503, message: string, headers: Record<string, string> = {}) =>
  c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, status, headers);

interface McpQuery {
  projectRef: string | undefined;
  readOnly: boolean;
  features: McpFeatureGroup[];
}

/** project_ref, read_only=true and features (comma-joined) of C§9; a bad value is a clear 400. */
export function parseMcpQuery(query: Record<string, string>, mode: Mode): McpQuery | string {
  const ref = query.project_ref;
  if (ref !== undefined && !PROJECT_REF_PATTERN.test(ref) && ref !== DEFAULT_PROJECT_REF) return `project_ref ${JSON.stringify(ref)} is not a project ref`;
  const readOnly = query.read_only;
  if (readOnly !== undefined && readOnly !== 'true' && readOnly !== 'false') return 'read_only must be true or false';
  const offered = mcpGroupsForMode(mode === 'platform');
  let features: McpFeatureGroup[] = offered;
  if (query.features !== undefined) {
    const asked = query.features.split(',').map((part) => part.trim()).filter(Boolean);
    const unknown = asked.find((group) => !isMcpFeatureGroup(group) || !offered.includes(group));
    if (unknown !== undefined) return `features: ${JSON.stringify(unknown)} is not one of ${offered.join(', ')}`;
    features = offered.filter((group) => asked.includes(group));
  }
  return { projectRef: ref, readOnly: readOnly === 'true', features };
}

export function mcpRoutes(deps: { services: () => Promise<Services>; publicHost: string; mode: Mode }): Hono {
  const routes = new Hono();
  routes.use(
    MCP_PATH,
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['content-type', 'authorization', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'],
      exposeHeaders: ['www-authenticate', 'mcp-session-id'],
    }),
  );

  // A JSON-RPC message: execute_sql and apply_migration take at most 1,000,000 characters of SQL.
  routes.use(MCP_PATH, bodyLimit({ maxSize: MCP_MAX_BODY_BYTES, onError: (c) => rpcError(c, 413, 'Request body too large') }));

  routes.all(MCP_PATH, async (c) => {
    const header = c.req.header('authorization');
    const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    // RFC 9728 §5.1: the client learns where to get a token from the resource metadata named here.
    const challenge = (error?: string) => ({
      'www-authenticate': `Bearer resource_metadata="${protectedResourceMetadataUrl(c)}"${error ? `, error="${error}"` : ''}`,
    });
    if (!token) return rpcError(c, 401, 'Authorization required: sign in with OAuth or send a personal access token as a Bearer token', challenge());

    let services: Services;
    try {
      services = await deps.services();
    } catch (error) {
      logServerError('database start-up', error);
      return rpcError(c, 503, 'The platform database is not available');
    }
    const identity = await verifyMcpBearer(services.pool, token, mcpResourceOf(c));
    if (!identity) return rpcError(c, 401, 'Invalid, expired or revoked token', challenge('invalid_token'));

    const parsed = parseMcpQuery(c.req.query(), deps.mode);
    if (typeof parsed === 'string') return rpcError(c, 400, parsed);
    // Stateless: no standalone SSE stream and no session to end.
    if (c.req.method !== 'POST') return rpcError(c, 405, 'Method not allowed: this server is stateless, send JSON-RPC with POST', { allow: 'POST' });
    if (parsed.projectRef) {
      try {
        await projectAccess(services.pool, parsed.projectRef, identity.userId);
      } catch (error) {
        if (error instanceof HttpError) return rpcError(c, error.status === 403 ? 403 : 404, error.message);
        throw error;
      }
    }

    const [{ buildMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcp();
    const server = buildMcpServer({
      services,
      publicHost: deps.publicHost,
      userId: identity.userId,
      readOnly: parsed.readOnly,
      projectRef: parsed.projectRef,
      features: parsed.features,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // The answer is complete (JSON mode): nothing of this request is kept.
      await server.close();
    }
  });
  return routes;
}
