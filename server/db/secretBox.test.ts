import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedSecret } from '../auth/index.ts';
import { loadSigningKeys } from '../auth/keys.ts';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { isSealed, open, seal, secretsKeyFromEnv } from './secretBox.ts';

// Issue 23: the auth signing key and instance secrets at rest, sealed with STRATA_SECRETS_KEY when it is set.
const key = secretsKeyFromEnv({ STRATA_SECRETS_KEY: 'a-long-random-key-for-the-test-0123456789' })!;
const other = secretsKeyFromEnv({ STRATA_SECRETS_KEY: 'another-long-random-key-for-the-test-987' })!;

describe('secret box', () => {
  it('seals with AES-256-GCM and opens only with the same key', () => {
    const sealed = seal('hello', key);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('hello');
    expect(seal('hello', key)).not.toBe(sealed); // a fresh IV each time
    expect(open(sealed, key)).toBe('hello');
    expect(open('plain', null)).toBe('plain');
    expect(() => open(sealed, null)).toThrow('set STRATA_SECRETS_KEY');
    expect(() => open(sealed, other)).toThrow('not the key they were stored with');
    expect(secretsKeyFromEnv({})).toBeNull();
    expect(() => secretsKeyFromEnv({ STRATA_SECRETS_KEY: 'short' })).toThrow('at least 16 characters');
  });
});

let cluster: TestCluster;
let pool: pg.Pool;
beforeAll(async () => {
  cluster = await startTestCluster();
  pool = new pg.Pool({ connectionString: await cluster.createDatabase('secretbox') });
  await pool.query(`create schema auth;
    create table auth.signing_keys (kid text primary key, alg text not null default 'ES256', private_jwk jsonb not null,
      public_jwk jsonb not null, created_at timestamptz not null default clock_timestamp());
    create table auth.instance_secrets (name text primary key, value text not null, created_at timestamptz not null default now())`);
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.close();
});

describe('signing keys and instance secrets at rest', () => {
  it('keep working when the key is set later: the plain rows are sealed once, the same key and secret go on', async () => {
    const plainKeys = await loadSigningKeys(pool, 'http://issuer/auth/v1', null);
    const plainSecret = await storedSecret(pool, 'admin_secret', null);
    const stored = async () => (await pool.query('select private_jwk from auth.signing_keys')).rows[0].private_jwk;
    expect(typeof (await stored())).toBe('object');

    const sealedKeys = await loadSigningKeys(pool, 'http://issuer/auth/v1', key);
    expect(sealedKeys.kid).toBe(plainKeys.kid);
    const raw = await stored();
    expect(typeof raw).toBe('string');
    expect(isSealed(raw)).toBe(true);
    expect(JSON.stringify(raw)).not.toMatch(/"d"/);
    // A token signed before the key was set verifies after, and the other way round.
    const exp = Math.floor(Date.now() / 1000) + 60;
    const claims = { sub: 'u', session_id: 's' };
    await expect(sealedKeys.verify(await plainKeys.sign(claims, exp))).resolves.toMatchObject({ sub: 'u' });
    await expect((await loadSigningKeys(pool, 'http://issuer/auth/v1', key)).verify(await sealedKeys.sign(claims, exp))).resolves.toMatchObject({ sub: 'u' });

    expect(await storedSecret(pool, 'admin_secret', key)).toBe(plainSecret);
    const secretRow = (await pool.query(`select value from auth.instance_secrets where name = 'admin_secret'`)).rows[0].value;
    expect(isSealed(secretRow)).toBe(true);
    expect(await storedSecret(pool, 'admin_secret', key)).toBe(plainSecret);

    // Without the key (or with another) the start fails naming the variable, rather than making a new key.
    await expect(loadSigningKeys(pool, 'http://issuer/auth/v1', null)).rejects.toThrow('STRATA_SECRETS_KEY');
    await expect(storedSecret(pool, 'admin_secret', other)).rejects.toThrow('STRATA_SECRETS_KEY');
  });
});
