// Test-only helpers of the lifecycle tests: a harness whose lifecycle steps can be observed per project, and
// projects with a table of known rows.
import { expect } from 'vitest';
import pg from 'pg';
import type { OperationKind } from './operations.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

export type StepHook = (kind: OperationKind, step: string) => Promise<void> | void;

export interface LifecycleHarness {
  h: PlatformHarness;
  owner: TestUser;
  slug: string;
  /** Called before each lifecycle step of the project `ref`. */
  hooks: Map<string, StepHook>;
  createProject(name?: string): Promise<string>;
  /** Runs SQL through the platform's query endpoint as the owner. */
  sql(ref: string, query: string): Promise<{ status: number; body: any }>;
  /** A client logged in as the project's owner role (like psql with the database password). */
  ownerClient(ref: string): Promise<pg.Client>;
  adminClient(ref: string): Promise<pg.Client>;
  close(): Promise<void>;
}

export const DB_PASS = 'lifecycle password';

export async function startLifecycleHarness(): Promise<LifecycleHarness> {
  const hooks = new Map<string, StepHook>();
  const h = await startPlatformHarness({
    devSwitches: true,
    beforeLifecycleStep: (ref, kind, step) => hooks.get(ref)?.(kind, step),
  });
  const owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Lifecycle' } });
  const slug: string = org.body.slug;
  const url = new URL(h.cluster.url('postgres'));
  const clients: pg.Client[] = [];

  async function connect(config: pg.ClientConfig): Promise<pg.Client> {
    const client = new pg.Client(config);
    client.on('error', () => {});
    await client.connect();
    clients.push(client);
    return client;
  }

  return {
    h,
    owner,
    slug,
    hooks,
    async createProject(name = 'Lifecycle project') {
      const created = await h.call('POST', '/api/platform/projects', {
        token: owner.token,
        body: { organization_slug: slug, name, db_pass: DB_PASS, db_region: 'local' },
      });
      expect(created.status).toBe(201);
      await h.waitForStatus(created.body.ref, owner.token, 'ACTIVE_HEALTHY');
      return created.body.ref as string;
    },
    sql: (ref, query) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } }),
    ownerClient: (ref) =>
      connect({ host: url.hostname, port: Number(url.port), database: `project_${ref}`, user: `strata_${ref}`, password: DB_PASS }),
    adminClient: (ref) => connect({ connectionString: h.cluster.url(`project_${ref}`) }),
    async close() {
      for (const client of clients) await client.end().catch(() => {});
      await h.close();
    },
  };
}

/** Polls until the project has `status`, recording every status seen on the way. */
export async function watchStatus(h: PlatformHarness, ref: string, token: string, until: string, timeoutMs = 20_000): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { body } = await h.call('GET', `/api/platform/projects/${ref}/status`, { token });
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === until) return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`project ${ref} went through ${seen.join(' → ')} but never reached ${until}`);
}
