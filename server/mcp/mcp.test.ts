// The platform's MCP server and its OAuth 2.1 server (issue 16), driven over real HTTP by the official MCP SDK's
// client: dynamic registration, authorize with PKCE, the console's consent API, token, refresh with rotation,
// tools; read-only enforced; strangers, revoked and expired tokens refused.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { applyKeepAlive } from '../http/keepAlive.ts';
import { connect } from 'node:net';

let h: PlatformHarness;
let owner: TestUser;
let stranger: TestUser;
let ref: string;
let http: ServerType;
let origin: string;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('mcp-owner@example.com');
  stranger = await h.user('mcp-stranger@example.com');
  for (const user of [owner, stranger]) await h.call('GET', '/api/platform/profile', { token: user.token });
  ref = await h.activeProject(owner);
  http = applyKeepAlive(serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }));
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await h?.close();
});

/** An MCP client's OAuth state, in memory; the browser step is done by the test (see `authorize`). */
class TestProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:9/callback';
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test MCP client', redirect_uris: [this.redirectUrl], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const mcpUrl = (query = '') => new URL(`${origin}/mcp${query}`);

/** The browser's part: follow /oauth/authorize to the console, answer on the consent screen (its API), follow back. */
async function authorize(provider: TestProvider, user: TestUser, action: 'approve' | 'deny'): Promise<URL> {
  const response = await fetch(provider.authorizationUrl!, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const consent = new URL(response.headers.get('location')!, origin);
  expect(consent.pathname).toBe('/dashboard/authorize');
  const id = consent.searchParams.get('auth_id')!;
  const details = await h.call('GET', `/api/platform/oauth/authorizations/${id}`, { token: user.token });
  expect(details.status).toBe(200);
  expect(details.body).toMatchObject({ authorization_id: id, client: { client_name: 'Test MCP client' }, redirect_uri: provider.redirectUrl });
  const decided = await h.call('POST', `/api/platform/oauth/authorizations/${id}/consent`, { token: user.token, body: { action } });
  expect(decided.status).toBe(200);
  // Answered once: a second decision finds nothing.
  expect((await h.call('POST', `/api/platform/oauth/authorizations/${id}/consent`, { token: user.token, body: { action } })).status).toBe(404);
  return new URL(decided.body.redirect_url);
}

/** Connects with OAuth the way an MCP client does: 401, discovery, registration, consent, code, token. */
async function connectWithOAuth(user: TestUser, query = ''): Promise<{ client: Client; provider: TestProvider }> {
  const provider = new TestProvider();
  const first = new StreamableHTTPClientTransport(mcpUrl(query), { authProvider: provider });
  await expect(new Client({ name: 'test', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.info?.client_id).toBeTruthy();
  expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await authorize(provider, user, 'approve');
  expect(back.searchParams.get('iss')).toBe(origin);
  await first.finishAuth(back.searchParams.get('code')!);
  expect(provider.saved?.access_token).toMatch(/^sto_at_/);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(query), { authProvider: provider }));
  return { client, provider };
}

const textOf = (result: unknown) => ((result as { content: { text: string }[] }).content[0]?.text ?? '');

// Two registrations on one raw keep-alive connection, the first one's body sent 800 ms after its headers.
async function refusedThenReused(): Promise<number[]> {
  const { port } = new URL(origin);
  const body = JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'late', token_endpoint_auth_method: 'none' });
  const head = `POST /oauth/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head + body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 800));
  socket.write(body.slice(10));
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (!socket.destroyed) socket.write(head + body);
  const deadline = Date.now() + 10_000;
  while ((received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length < 2 && !socket.destroyed && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  socket.destroy();
  await closed;
  return [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

async function tokenRequest(fields: Record<string, string>) {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('OAuth 2.1 with dynamic client registration (spec C§9)', () => {
  it('publishes the authorization server and protected resource metadata', async () => {
    const as = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({ issuer: origin, registration_endpoint: `${origin}/oauth/register`, code_challenge_methods_supported: ['S256'] });
    const pr = await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(pr).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    const unauthenticated = await fetch(mcpUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('lists tables and runs SQL through OAuth, refreshes with rotation, and revokes', async () => {
    await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query: 'create table public.orders (id int primary key, note text)' } });
    const { client, provider } = await connectWithOAuth(owner, `?project_ref=${ref}`);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['list_tables', 'list_extensions', 'execute_sql', 'apply_migration', 'get_project_url', 'get_publishable_keys', 'get_logs']));
    // Scoped to a project: no account tools.
    expect(tools).not.toContain('list_projects');

    const tables = await client.callTool({ name: 'list_tables', arguments: {} });
    expect(textOf(tables)).toContain('"name": "orders"');
    const inserted = await client.callTool({ name: 'execute_sql', arguments: { query: "insert into orders values (1, 'first') returning note" } });
    expect(textOf(inserted)).toContain('[{"note":"first"}]');
    expect(textOf(inserted)).toContain('untrusted-data-');
    const migration = await client.callTool({ name: 'apply_migration', arguments: { name: 'add_total', query: 'alter table orders add column total numeric; create index on orders (total);' } });
    expect(migration.isError).toBeFalsy();
    expect(textOf(await client.callTool({ name: 'list_migrations', arguments: {} }))).toContain('add_total');
    const failed = await client.callTool({ name: 'apply_migration', arguments: { name: 'bad', query: 'alter table orders add column x int; select 1/0;' } });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toContain('division by zero');
    // The failed migration left nothing behind.
    expect(textOf(await client.callTool({ name: 'execute_sql', arguments: { query: "select count(*)::int as n from information_schema.columns where table_name = 'orders' and column_name = 'x'" } }))).toContain('"n":0');
    expect(textOf(await client.callTool({ name: 'get_project_url', arguments: {} }))).toBe(`http://${h.publicHost}/p/${ref}`);
    expect(textOf(await client.callTool({ name: 'get_publishable_keys', arguments: {} }))).toContain('"name": "anon"');
    // Scoped: another project id is refused.
    const other = await client.callTool({ name: 'execute_sql', arguments: { project_id: 'abcdefghijklmnopqrst', query: 'select 1' } });
    expect(other.isError).toBe(true);

    // Refresh: a new pair; the spent refresh token presented again revokes the whole grant.
    const clientId = provider.info!.client_id;
    const first = provider.saved!;
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.access_token);
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const afterReuse = await fetch(mcpUrl(), { method: 'POST', headers: { authorization: `Bearer ${refreshed.body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(afterReuse.status).toBe(401);
    await client.close();
  });

  it('sends the user back with access_denied when they deny, and no code works', async () => {
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'test', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const back = await authorize(provider, owner, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(provider.authorizationUrl!.searchParams.get('state'));
  });

  it('refuses a code used twice, a wrong PKCE verifier, and an unregistered redirect URI', async () => {
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'test', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const code = (await authorize(provider, owner, 'approve')).searchParams.get('code')!;
    const clientId = provider.info!.client_id;
    const wrong = await tokenRequest({ grant_type: 'authorization_code', code, code_verifier: 'x'.repeat(50), client_id: clientId, redirect_uri: provider.redirectUrl });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const right = { grant_type: 'authorization_code', code, code_verifier: provider.verifier, client_id: clientId, redirect_uri: provider.redirectUrl };
    expect((await tokenRequest(right)).status).toBe(200);
    expect(await tokenRequest(right)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const evil = new URL(provider.authorizationUrl!);
    evil.searchParams.set('redirect_uri', 'https://evil.example.com/callback');
    const refused = await fetch(evil, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    const registration = await fetch(`${origin}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }) });
    expect(registration.status).toBe(400);
    expect((await fetch(`${origin}/oauth/register`, { method: 'POST', body: 'nope' })).status).toBe(400);
  });
});

describe('MCP tools and access (issue 16)', () => {
  it('read_only=true refuses writes and does not offer migrations', async () => {
    const { client } = await connectWithOAuth(owner, `?project_ref=${ref}&read_only=true&features=database`);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).not.toContain('apply_migration');
    expect(tools).not.toContain('get_project_url');
    const write = await client.callTool({ name: 'execute_sql', arguments: { query: "insert into orders values (2, 'second')" } });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toContain('read-only transaction');
    // Not even a COMMIT inside the query gets out of the read-only transaction.
    const sneaky = await client.callTool({ name: 'execute_sql', arguments: { query: "commit; insert into orders values (3, 'third')" } });
    expect(sneaky.isError).toBe(true);
    const rows = await client.callTool({ name: 'execute_sql', arguments: { query: 'select count(*)::int as n from orders' } });
    expect(textOf(rows)).toContain('[{"n":1}]');
    await client.close();
  });

  it('the storage group lists the project’s buckets and its storage settings; other groups are not offered', async () => {
    const created = await h.call('POST', `/api/platform/storage/${ref}/buckets`, {
      token: owner.token,
      body: { id: 'mcp-avatars', public: true, file_size_limit: 1024 },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const { client } = await connectWithOAuth(owner, `?project_ref=${ref}&features=storage`);
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual(['get_storage_config', 'list_storage_buckets']);
    const buckets = JSON.parse(textOf(await client.callTool({ name: 'list_storage_buckets', arguments: {} })));
    expect(buckets).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'mcp-avatars', public: true, file_size_limit: 1024 })]));
    const config = JSON.parse(textOf(await client.callTool({ name: 'get_storage_config', arguments: {} })));
    expect(config.fileSizeLimit).toBeGreaterThan(0);
    // Scoped to this project: another ref is refused, not listed.
    const other = await client.callTool({ name: 'list_storage_buckets', arguments: { project_id: 'abcdefghijklmnopqrst' } });
    expect(other.isError).toBe(true);
    await client.close();
  });

  it('personal access tokens work as bearer tokens until revoked; other users get nothing of the project', async () => {
    const created = await h.call('POST', '/api/platform/profile/access-tokens', { token: owner.token, body: { name: 'laptop' } });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^stp_/);
    const listed = await h.call('GET', '/api/platform/profile/access-tokens', { token: owner.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'laptop' })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    const client = new Client({ name: 'pat', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${created.body.token}` } } }));
    const projects = await client.callTool({ name: 'list_projects', arguments: {} });
    expect(textOf(projects)).toContain(ref);
    expect(textOf(await client.callTool({ name: 'list_tables', arguments: { project_id: ref } }))).toContain('orders');
    await client.close();

    // A stranger's token: the project is not found, by URL scope or by project_id.
    const theirs = await h.call('POST', '/api/platform/profile/access-tokens', { token: stranger.token, body: { name: 'theirs' } });
    const scoped = await fetch(mcpUrl(`?project_ref=${ref}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${theirs.body.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(scoped.status).toBe(404);
    const strangerClient = new Client({ name: 'stranger', version: '1' });
    await strangerClient.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${theirs.body.token}` } } }));
    const peek = await strangerClient.callTool({ name: 'execute_sql', arguments: { project_id: ref, query: 'select * from orders' } });
    expect(peek.isError).toBe(true);
    expect(textOf(peek)).toBe('Project not found');
    expect(textOf(await strangerClient.callTool({ name: 'list_projects', arguments: {} }))).toBe('[]');
    await strangerClient.close();
    // Nor can they revoke the owner's token.
    expect((await h.call('DELETE', `/api/platform/profile/access-tokens/${created.body.id}`, { token: stranger.token })).status).toBe(404);

    expect((await h.call('DELETE', `/api/platform/profile/access-tokens/${created.body.id}`, { token: owner.token })).status).toBe(200);
    const revoked = new Client({ name: 'revoked', version: '1' });
    await expect(
      revoked.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${created.body.token}` } } })),
    ).rejects.toThrow();
  });

  it('refuses an expired access token, a console session token, and bad query parameters', async () => {
    const { client, provider } = await connectWithOAuth(owner);
    await client.close();
    const call = (token: string, query = '') =>
      fetch(mcpUrl(query), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await call(provider.saved!.access_token, '?features=database,nope')).status).toBe(400);
    expect((await call(provider.saved!.access_token, '?project_ref=../x')).status).toBe(400);
    expect((await call(provider.saved!.access_token, '?read_only=yes')).status).toBe(400);
    expect((await call(provider.saved!.access_token)).status).toBe(200);
    await h.services.pool.query(`update oauth_tokens set expires_at = now() - interval '1 second' where kind = 'access'`);
    expect((await call(provider.saved!.access_token)).status).toBe(401);
    // A console session is not an MCP token, and an MCP token is not a console session (audience).
    expect((await call(owner.token)).status).toBe(401);
    expect((await h.call('GET', '/api/platform/profile', { token: provider.saved!.access_token })).status).toBe(401);
  });

  it('answers bad consent and token requests with clear 4xx errors', async () => {
    expect((await h.call('GET', '/api/platform/oauth/authorizations/not-a-uuid', { token: owner.token })).status).toBe(404);
    expect((await h.call('GET', '/api/platform/oauth/authorizations/00000000-0000-4000-8000-000000000000', { token: null })).status).toBe(401);
    expect((await h.call('POST', '/api/platform/oauth/authorizations/00000000-0000-4000-8000-000000000000/consent', { token: owner.token, body: { action: 'maybe' } })).status).toBe(400);
    expect((await tokenRequest({ grant_type: 'password', client_id: 'x' })).status).toBe(401);
    expect((await h.call('POST', '/api/platform/profile/access-tokens', { token: owner.token, body: { name: '' } })).status).toBe(400);
    const json = await fetch(`${origin}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    const badBasic = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('%E0%A4%A:secret').toString('base64')}` },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(badBasic.status).toBe(401);
    const huge = await fetch(`${origin}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
  });

  it('revokes a grant through /oauth/revoke (RFC 7009)', async () => {
    const { client, provider } = await connectWithOAuth(owner);
    await client.close();
    const revoke = await fetch(`${origin}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.saved!.refresh_token!, client_id: provider.info!.client_id }),
    });
    expect(revoke.status).toBe(200);
    // The access token of the same grant stops working too, and the refresh token buys nothing.
    const after = await fetch(mcpUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    expect(await tokenRequest({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: provider.info!.client_id })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });
});

// Last in the file: it uses up this address's registration and token allowance for the rest of the window.
describe('rate limits on the session-less OAuth endpoints', () => {
  it('dynamic registration and the token endpoint answer 429 with Retry-After once a client address is over its limit', async () => {
    const register = () =>
      fetch(`${origin}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'flood', token_endpoint_auth_method: 'none' }),
      });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await register();
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    // sign_in_sign_ups: 30 per 5 minutes, some already used by the tests above.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(statuses.length).toBeLessThanOrEqual(31);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused!.json()).toEqual({ error: 'too_many_requests', error_description: 'Request rate limit reached' });
    const again = await register();
    await again.body?.cancel();
    expect(again.status).toBe(429);

    // A refused request whose body arrives late keeps its keep-alive connection (CI saw 'other side closed' on the
    // next request): the body is read before the 429 instead of being drained on the adapter's 500 ms timer.
    expect(await refusedThenReused()).toEqual([429, 429]);

    // The token endpoint counts before it checks the client, so guessing client secrets is limited too.
    const token = () => tokenRequest({ grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'no-such-client' });
    const answers: number[] = [];
    for (let i = 0; i < 160 && answers.at(-1) !== 429; i++) answers.push((await token()).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.length).toBeLessThanOrEqual(151);
    expect(new Set(answers.slice(0, -1))).toEqual(new Set([401]));
  }, 120_000);
});
