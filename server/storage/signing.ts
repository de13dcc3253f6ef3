// Tokens signed with the project's JWT secret: signed object URLs (storage's /object/sign/{bucket}/{path}?token=)
// and temporary API keys (spec A7 POST /platform/projects/{ref}/api-keys/temporary, C9: 300 s).
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import { StorageError } from './errors.ts';

type Queryable = Pick<pg.Pool, 'query'>;

async function projectSecret(platform: Queryable, ref: string): Promise<Uint8Array> {
  const { rows } = await platform.query<{ jwt_secret: string }>(
    'select s.jwt_secret from project_secrets s join projects p on p.id = s.project_id where p.ref = $1',
    [ref],
  );
  if (!rows[0]) throw new StorageError(404, 'not_found', 'Project not found');
  return new TextEncoder().encode(rows[0].jwt_secret);
}

export async function signObjectUrl(platform: Queryable, ref: string, bucketId: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ url: `${bucketId}/${name}`, ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('strata-storage')
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(await projectSecret(platform, ref));
}

/** Whether `token` is a valid, unexpired signature of this object of this project. */
export async function verifyObjectUrl(platform: Queryable, ref: string, bucketId: string, name: string, token: string): Promise<void> {
  try {
    const { payload } = await jwtVerify(token, await projectSecret(platform, ref), { issuer: 'strata-storage', algorithms: ['HS256'] });
    if (payload.url === `${bucketId}/${name}` && payload.ref === ref) return;
  } catch (error) {
    if (error instanceof StorageError) throw error;
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw new StorageError(400, 'InvalidJWT', 'The signed URL has expired');
  }
  throw new StorageError(400, 'InvalidSignature', 'The signature of this URL is not valid');
}

/** The URL path of a signed object, relative to the storage root (/p/{ref}/storage/v1), as storage answers it. */
export const signedPath = (bucketId: string, name: string, token: string) =>
  `/object/sign/${bucketId}/${name}?token=${encodeURIComponent(token)}`;

/** An absolute signed URL (the console's platform call): every path segment percent-encoded. */
export function absoluteSignedUrl(publicHost: string, ref: string, bucketId: string, name: string, token: string): string {
  const path = name.split('/').map(encodeURIComponent).join('/');
  return `http://${publicHost}/p/${ref}/storage/v1/object/sign/${bucketId}/${path}?token=${encodeURIComponent(token)}`;
}

/**
 * A short-lived service_role key (the project's key shape: role, ref, iss 'strata'), marked temporary so its use
 * is not recorded as use of the project's own service_role key.
 */
export async function signTemporaryKey(platform: Queryable, ref: string, role: 'service_role', seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, ref, temporary: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('strata')
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(await projectSecret(platform, ref));
}
