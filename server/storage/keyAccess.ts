// Who is calling the storage service: the project's anon or service_role key (or a temporary service_role key),
// checked with the project API's own verifier. Only service_role keys manage buckets and objects; other keys may
// only read public objects (which need no key at all).
import { decodeJwt } from 'jose';
import type { Services } from '../services.ts';
import { presentedKey, recordKeyUse, verifyProjectKey } from '../project-api/keys.ts';
import { StorageError } from './errors.ts';
import { openStorageProject, type StorageProject } from './project.ts';

export interface StorageCaller {
  project: StorageProject;
  role: 'anon' | 'service_role';
}

interface ProjectStatusRow {
  id: number;
  status: string;
}

export async function projectStatus(services: Services, ref: string): Promise<ProjectStatusRow> {
  const { rows } = await services.pool.query<ProjectStatusRow>(
    'select id, status from projects where ref = $1 and deletion_requested_at is null',
    [ref],
  );
  if (!rows[0]) throw new StorageError(404, 'not_found', 'Project not found');
  return rows[0];
}

/** The caller's verified key and the opened project; 401 without a valid key of this project. */
export async function storageCaller(services: Services, ref: string, headers: Headers): Promise<StorageCaller> {
  const key = presentedKey(headers);
  if (!key) throw new StorageError(401, 'Unauthorized', 'No API key found in request');
  const verified = await verifyProjectKey(services.pool, ref, key);
  if (!verified) throw new StorageError(401, 'Unauthorized', 'Invalid API key');
  const status = await projectStatus(services, ref);
  if (verified.legacy && decodeJwt(key).temporary !== true) await recordKeyUse(services.pool, verified);
  const project = await openStorageProject(services, ref, status.id, status.status);
  return { project, role: verified.role };
}

export function requireServiceRole(caller: StorageCaller): void {
  if (caller.role !== 'service_role') {
    throw new StorageError(403, 'Unauthorized', 'This operation needs the service_role key; the anon key may only read public objects');
  }
}

/** Public objects need no key: only the project's state is checked. */
export async function publicProject(services: Services, ref: string): Promise<StorageProject> {
  const status = await projectStatus(services, ref);
  return openStorageProject(services, ref, status.id, status.status);
}
