// Test-only harness: the auth service on a real database, served over HTTP on a free port, with the official
// @supabase/auth-js clients pointed at it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { GoTrueAdminApi, GoTrueClient, type Session, type User } from '@supabase/auth-js';
import { Hono } from 'hono';
import pg from 'pg';
import { freePort, startTestCluster, type TestCluster } from '../testing/database.ts';
import { createAuthService, type AuthService } from './index.ts';
import { RATE_LIMIT_NAMES, type RateLimitOverrides } from './rate-limits.ts';
import { applyKeepAlive } from '../http/keepAlive.ts';

const MIGRATIONS = [
  new URL('../migrations/0002_auth.sql', import.meta.url),
  new URL('../migrations/0008_auth_hardening.sql', import.meta.url),
];

/**
 * Tests sign up and in far more often than a person would, all from 127.0.0.1: unless a test is about the
 * limits (`rateLimits: 'defaults'`), the harness raises every rate limit out of the way.
 */
const GENEROUS_LIMITS: RateLimitOverrides = Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [name, { max: 1_000_000 }]));

export interface AuthHarnessOptions {
  rateLimits?: 'defaults' | RateLimitOverrides;
}

export interface AuthHarness {
  url: string;
  pool: pg.Pool;
  /** The service's data folder (where it keeps the inbox token). */
  dataDir: string;
  service: AuthService;
  logs: string[];
  client(options?: { flowType?: 'implicit' | 'pkce' }): GoTrueClient;
  admin(): GoTrueAdminApi;
  /**
   * A confirmed account, as a person gets one: sign up (no session: the address is not proven yet), then the code
   * from the confirmation mail (POST /verify type signup). The returned client holds the session.
   */
  signUp(
    email?: string,
    options?: { password?: string; data?: Record<string, unknown>; flowType?: 'implicit' | 'pkce' },
  ): Promise<{ email: string; client: GoTrueClient; data: { user: User; session: Session } }>;
  /** The newest mail to an address, from the outbox table (the local delivery channel). */
  latestMail(email: string): Promise<{ subject: string; link: string | null; code: string | null } | null>;
  close(): Promise<void>;
}

/** auth-js keeps its session here instead of localStorage. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let clientCount = 0;

export async function startAuthHarness(options: AuthHarnessOptions = {}): Promise<AuthHarness> {
  const cluster: TestCluster = await startTestCluster();
  const pool = new pg.Pool({ connectionString: await cluster.createDatabase('auth'), max: 6 });
  // An idle connection cut by the cluster shutting down must not become an uncaught error.
  pool.on('error', () => {});
  // Applied twice on purpose: the platform may re-run migrations, so the files must be idempotent.
  for (const migration of [...MIGRATIONS, ...MIGRATIONS]) await pool.query(readFileSync(migration, 'utf8'));
  const dataDir = mkdtempSync(join(tmpdir(), 'strata-auth-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/auth/v1`;
  const logs: string[] = [];
  const rateLimits = options.rateLimits === 'defaults' ? undefined : (options.rateLimits ?? GENEROUS_LIMITS);
  const service = await createAuthService({
    pool,
    issuer: url,
    dataDir,
    mode: 'platform',
    log: (line) => logs.push(line),
    ...(rateLimits ? { rateLimits } : {}),
  });
  const root = new Hono();
  root.route('/auth/v1', service.app);
  const server = applyKeepAlive(serve({ fetch: root.fetch, port, hostname: '127.0.0.1' }));
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));

  const client = (options: { flowType?: 'implicit' | 'pkce' } = {}) =>
    new GoTrueClient({
      url,
      storage: memoryStorage(),
      storageKey: `test-${clientCount++}`,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    });
  const latestMail = async (email: string) => {
    const result = await pool.query<{ subject: string; link: string | null; code: string | null }>(
      'SELECT subject, link, code FROM auth.mail_outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
      [email.toLowerCase()],
    );
    return result.rows[0] ?? null;
  };

  return {
    url,
    pool,
    dataDir,
    service,
    logs,
    client,
    async signUp(email = uniqueEmail(), options = {}) {
      const signingUp = client(options.flowType ? { flowType: options.flowType } : {});
      const password = options.password ?? STRONG_PASSWORD;
      const signedUp = await signingUp.signUp({ email, password, ...(options.data ? { options: { data: options.data } } : {}) });
      if (signedUp.error) throw signedUp.error;
      // A harness started with autoconfirm signs in at once.
      if (signedUp.data.session) return { email, client: signingUp, data: { user: signedUp.data.user!, session: signedUp.data.session } };
      const code = (await latestMail(email))?.code;
      if (!code) throw new Error(`no confirmation mail to ${email}`);
      const verified = await signingUp.verifyOtp({ email, token: code, type: 'signup' });
      if (verified.error) throw verified.error;
      return { email, client: signingUp, data: { user: verified.data.user!, session: verified.data.session! } };
    },
    admin: () => new GoTrueAdminApi({ url, headers: { Authorization: `Bearer ${service.adminSecret}` } }),
    latestMail,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
      await cluster.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let emailCount = 0;
/** A fresh address per test, so tests in one file do not see each other's users. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${emailCount++}@example.com`;

/** Strong enough for the strength rules (length, lower, upper, digit, not common). */
export const STRONG_PASSWORD = 'Correct-Horse-42-Battery';
