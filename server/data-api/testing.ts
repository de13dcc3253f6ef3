// Test-only helpers for the Data API: a platform harness with one project, its keys, a user JWT signed with the
// project's secret, and the official postgrest-js client wired to the app in-process.
import { PostgrestClient } from '@supabase/postgrest-js';
import { SignJWT } from 'jose';
import { PROJECT_CACHE_MS } from './auth.ts';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';

export interface DataApiProject {
  h: PlatformHarness;
  ref: string;
  owner: string;
  keys: { anon: string; service_role: string };
  /** Runs SQL in the project's database as its owner (the console's query endpoint). */
  sql(query: string): Promise<unknown>;
  /** A JWT of the project for `role` with these claims (a user's session token). */
  jwt(claims: Record<string, unknown>, options?: { expiresIn?: string }): Promise<string>;
  /** postgrest-js on the project's REST URL with the apikey and, when given, a bearer token. */
  client(apikey: string, bearer?: string, schema?: string): PostgrestClient<any, any, any>;
  /** Waits until a change of the project's row (status, settings) reaches the Data API (auth.ts PROJECT_CACHE_MS). */
  settle(): Promise<void>;
  /** A raw request to the Data API (path under /rest/v1). */
  raw(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
}

export async function startDataApiProject(name = 'Data API'): Promise<DataApiProject> {
  const h = await startPlatformHarness();
  const owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: `${name} org` } });
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name, db_pass: 'Strong-db-pass-123', db_region: 'local' },
  });
  const ref = created.body.ref as string;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY', 60_000);
  const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  const keys = Object.fromEntries(settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key])) as DataApiProject['keys'];
  const { rows } = await h.services.pool.query<{ jwt_secret: string }>(
    'select s.jwt_secret from project_secrets s join projects p on p.id = s.project_id where p.ref = $1',
    [ref],
  );
  const secret = new TextEncoder().encode(rows[0]!.jwt_secret);
  const base = `http://${h.publicHost}/p/${ref}/rest/v1`;
  const fetchApp: typeof fetch = (input, init) =>
    Promise.resolve(h.app.request(input instanceof Request ? input : String(input), init as RequestInit));
  return {
    h,
    ref,
    owner: owner.token,
    keys,
    async sql(query) {
      const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
      if (response.status !== 200 && response.status !== 201) throw new Error(`SQL failed (${response.status}): ${JSON.stringify(response.body)}`);
      return response.body;
    },
    async jwt(claims, options = {}) {
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(options.expiresIn ?? '1h').sign(secret);
    },
    client(apikey, bearer, schema) {
      return new PostgrestClient(base, {
        headers: { apikey, Authorization: `Bearer ${bearer ?? apikey}` },
        fetch: fetchApp,
        ...(schema ? { schema } : {}),
      });
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, PROJECT_CACHE_MS + 50)),
    raw(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key && !headers.has('apikey')) headers.set('apikey', key);
      return Promise.resolve(h.app.request(`${base}${path}`, { ...rest, headers }));
    },
  };
}
