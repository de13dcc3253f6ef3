// Small shared helpers: transactions, opaque random secrets and their stored hashes.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';

export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

// The transaction helper is shared by the whole platform (issue 15); auth keeps importing it from here.
export { withTransaction } from '../db/transaction.ts';

/** Secrets are stored only as their SHA-256, so the table alone cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** An unguessable URL-safe secret (refresh tokens, link tokens, auth codes). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The 6-digit e-mail code (spec A9 code length 6), uniformly drawn. */
export function randomCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
