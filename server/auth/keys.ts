// The ES256 key pair that signs access tokens. Generated once and kept in auth.signing_keys, so tokens survive
// a restart (DESIGN §5: nothing is lost on restart); the public half is served at /.well-known/jwks.json
// (spec A5: signatures verified with RS256 or ES256 keys; A9: clients cache the JWKS 10 min).
import type pg from 'pg';
import { open, seal, secretsKeyFromEnv } from '../db/secretBox.ts';
import {
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

export const ACCESS_TOKEN_ALG = 'ES256';
export const ACCESS_TOKEN_AUDIENCE = 'authenticated';

export interface SigningKeys {
  kid: string;
  /** Served at /.well-known/jwks.json; null for a symmetric key (a project's HS256 JWT secret). */
  publicJwk: JWK | null;
  /** How long access tokens live (a project's jwt_exp); unset: ACCESS_TOKEN_TTL_SECONDS. */
  ttlSeconds?: number;
  sign(claims: JWTPayload, expiresAtSeconds: number): Promise<string>;
  /** Signature, issuer, audience and expiry; throws jose's errors otherwise. */
  verify(token: string): Promise<JWTPayload>;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

/** The stored private half: a JWK, or (STRATA_SECRETS_KEY set) a sealed string of it (server/db/secretBox.ts). */
type StoredRow = Omit<KeyRow, 'private_jwk'> & { private_jwk: JWK | string };

async function generateRow(): Promise<KeyRow> {
  const { privateKey, publicKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, private_jwk: await exportJWK(privateKey), public_jwk: publicJwk };
}

const storedPrivate = (jwk: JWK, key: Buffer | null) => (key ? JSON.stringify(seal(JSON.stringify(jwk), key)) : jwk);

async function readable(pool: pg.Pool, row: StoredRow, key: Buffer | null): Promise<KeyRow> {
  if (typeof row.private_jwk === 'string') return { ...row, private_jwk: JSON.parse(open(row.private_jwk, key)) as JWK };
  // Stored before STRATA_SECRETS_KEY was set: sealed now, once.
  if (key) {
    await pool.query(`UPDATE auth.signing_keys SET private_jwk = $2::jsonb WHERE kid = $1 AND jsonb_typeof(private_jwk) = 'object'`, [
      row.kid,
      storedPrivate(row.private_jwk, key),
    ]);
  }
  return { ...row, private_jwk: row.private_jwk };
}

async function loadOrCreate(pool: pg.Pool, key: Buffer | null): Promise<KeyRow> {
  const select = 'SELECT kid, private_jwk, public_jwk FROM auth.signing_keys ORDER BY created_at, kid LIMIT 1';
  const existing = await pool.query<StoredRow>(select);
  if (existing.rows[0]) return readable(pool, existing.rows[0], key);
  const row = await generateRow();
  await pool.query(
    'INSERT INTO auth.signing_keys (kid, alg, private_jwk, public_jwk) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [row.kid, ACCESS_TOKEN_ALG, storedPrivate(row.private_jwk, key), row.public_jwk],
  );
  // Two processes starting at once both insert; both then agree on the oldest key.
  const chosen = await pool.query<StoredRow>(select);
  return chosen.rows[0] ? readable(pool, chosen.rows[0], key) : row;
}

export async function loadSigningKeys(pool: pg.Pool, issuer: string, secretsKey: Buffer | null = secretsKeyFromEnv()): Promise<SigningKeys> {
  const row = await loadOrCreate(pool, secretsKey);
  const privateKey = (await importJWK(row.private_jwk, ACCESS_TOKEN_ALG)) as CryptoKey;
  const publicKey = (await importJWK(row.public_jwk, ACCESS_TOKEN_ALG)) as CryptoKey;
  const { kty, crv, x, y } = row.public_jwk;
  const publicJwk: JWK = { kty, crv, x, y, kid: row.kid, alg: ACCESS_TOKEN_ALG, use: 'sig', key_ops: ['verify'] };
  return {
    kid: row.kid,
    publicJwk,
    sign: (claims, expiresAtSeconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: row.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAtSeconds)
        .sign(privateKey),
    verify: async (token) =>
      (
        await jwtVerify(token, publicKey, {
          algorithms: [ACCESS_TOKEN_ALG],
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub', 'session_id'],
        })
      ).payload,
  };
}
