// A project's asymmetric JWT signing keys (spec A4.9 'JWT Signing Keys', A5 'signatures verified with RS256 or ES256
// keys'; issue 16). A key is created as standby, becomes in_use by a rotation (the in-use one becomes
// previously_used), and a previously used key can be revoked. Every key not revoked is published at the project's
// JWKS URL so tokens it signed keep verifying while they live; a revoked key's tokens stop verifying.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type pg from 'pg';
import { badRequest, notFound } from '../http/errors.ts';

export const SIGNING_KEY_ALGORITHMS = ['ES256', 'RS256'] as const;
export type SigningKeyAlgorithm = (typeof SIGNING_KEY_ALGORITHMS)[number];
export const SIGNING_KEY_STATUSES = ['standby', 'in_use', 'previously_used', 'revoked'] as const;
export type SigningKeyStatus = (typeof SIGNING_KEY_STATUSES)[number];

type Queryable = Pick<pg.Pool, 'query'>;

export interface SigningKeyJson {
  id: string;
  algorithm: SigningKeyAlgorithm;
  status: SigningKeyStatus;
  public_jwk: JWK;
  created_at: string;
  updated_at: string;
}

interface SigningKeyRow {
  id: string;
  algorithm: SigningKeyAlgorithm;
  status: SigningKeyStatus;
  public_jwk: JWK;
  inserted_at: Date;
  updated_at: Date;
}

const json = (row: SigningKeyRow): SigningKeyJson => ({
  id: row.id,
  algorithm: row.algorithm,
  status: row.status,
  public_jwk: row.public_jwk,
  created_at: row.inserted_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function listSigningKeys(db: Queryable, projectId: number): Promise<SigningKeyJson[]> {
  const { rows } = await db.query<SigningKeyRow>(
    `select id, algorithm, status, public_jwk, inserted_at, updated_at from project_signing_keys
      where project_id = $1
      order by array_position(array['in_use','standby','previously_used','revoked'], status), inserted_at desc`,
    [projectId],
  );
  return rows.map(json);
}

/** A new standby key: its private half stays in the platform database, its public half is published at once. */
export async function createSigningKey(db: Queryable, projectId: number, algorithm: SigningKeyAlgorithm): Promise<SigningKeyJson> {
  const id = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(algorithm, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: id, alg: algorithm, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: id, alg: algorithm };
  const { rows } = await db.query<SigningKeyRow>(
    `insert into project_signing_keys (id, project_id, algorithm, status, public_jwk, private_jwk)
     values ($1, $2, $3, 'standby', $4, $5)
     returning id, algorithm, status, public_jwk, inserted_at, updated_at`,
    [id, projectId, algorithm, JSON.stringify(publicJwk), JSON.stringify(privateJwk)],
  );
  return json(rows[0]!);
}

/**
 * Moves a key along its lifecycle: standby → in_use (a rotation: the key in use becomes previously_used, in the same
 * statement so there is never a moment with two), previously_used → revoked, previously_used → standby (undo),
 * standby → deleted is `deleteSigningKey`. Anything else is a 400.
 */
export async function setSigningKeyStatus(db: Queryable, projectId: number, id: string, status: SigningKeyStatus): Promise<SigningKeyJson> {
  const { rows } = await db.query<{ status: SigningKeyStatus }>('select status from project_signing_keys where project_id = $1 and id = $2', [projectId, id]);
  const current = rows[0]?.status;
  if (!current) throw notFound('Signing key not found');
  const allowed: Record<SigningKeyStatus, SigningKeyStatus[]> = {
    standby: ['in_use'],
    in_use: [],
    previously_used: ['revoked', 'standby'],
    revoked: [],
  };
  if (!allowed[current].includes(status)) throw badRequest(`A ${current.replace('_', ' ')} key cannot become ${status.replace('_', ' ')}`);
  if (status === 'in_use') {
    // One statement (the one-in-use constraint is checked at its end): the key in use retires as this one starts.
    await db.query(
      `update project_signing_keys
          set status = case when id = $2 then 'in_use' else 'previously_used' end, updated_at = now()
        where project_id = $1 and (id = $2 or status = 'in_use')`,
      [projectId, id],
    );
  } else {
    await db.query('update project_signing_keys set status = $3, updated_at = now() where project_id = $1 and id = $2', [projectId, id, status]);
  }
  return (await listSigningKeys(db, projectId)).find((key) => key.id === id)!;
}

/** Only a standby or revoked key may be deleted: one in use or still verifying tokens must be retired first. */
export async function deleteSigningKey(db: Queryable, projectId: number, id: string): Promise<void> {
  const { rows } = await db.query<{ status: SigningKeyStatus }>('select status from project_signing_keys where project_id = $1 and id = $2', [projectId, id]);
  const current = rows[0]?.status;
  if (!current) throw notFound('Signing key not found');
  if (current !== 'standby' && current !== 'revoked') throw badRequest('Only a standby or revoked key can be deleted');
  await db.query('delete from project_signing_keys where project_id = $1 and id = $2', [projectId, id]);
}

/** The JWKS document of a project: the public half of every key that still verifies tokens. */
export async function projectJwks(db: Queryable, ref: string): Promise<{ keys: JWK[] } | null> {
  const { rows } = await db.query<{ id: number; keys: JWK[] }>(
    `select p.id, coalesce((select jsonb_agg(k.public_jwk order by k.inserted_at) from project_signing_keys k
                             where k.project_id = p.id and k.status <> 'revoked'), '[]'::jsonb) as keys
       from projects p where p.ref = $1 and p.deletion_requested_at is null`,
    [ref],
  );
  return rows[0] ? { keys: rows[0].keys } : null;
}
