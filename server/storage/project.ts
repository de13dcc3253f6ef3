// A project as the storage code sees it: its database pool (with the storage schema in place), its folders and
// its global upload limit. Opening one refuses projects that cannot serve files (paused, being set up).
import type pg from 'pg';
import type { Services } from '../services.ts';
import { StorageError } from './errors.ts';
import { projectFolders, type ProjectFolders } from './names.ts';
import type { StorageBackend } from './backend.ts';
import { ensureStorageSchema } from './schema.ts';
import { globalFileSizeLimit } from './settings.ts';
import { drainTrash, removeStaleTemporaryFiles } from './trash.ts';

export interface StorageProject {
  ref: string;
  projectId: number;
  services: Services;
  pool: pg.Pool;
  folders: ProjectFolders;
  filesDir: string;
  /** Where the bytes live (server/storage/backend.ts). */
  storage: StorageBackend;
  globalLimit(): Promise<number>;
}

/** Statuses in which the project's database cannot be used (spec A4.1; issue 5 pauses refuse connections). */
const UNAVAILABLE: Record<string, string> = {
  COMING_UP: 'The project is still being set up',
  INACTIVE: 'The project is paused. Restore it to use storage',
  PAUSING: 'The project is being paused',
  GOING_DOWN: 'The project is being shut down',
  RESTORING: 'The project is being restored',
  RESTORE_FAILED: 'The project could not be restored',
};

export function assertProjectServing(status: string): void {
  const reason = UNAVAILABLE[status];
  if (reason) throw new StorageError(503, status === 'INACTIVE' ? 'ProjectPaused' : 'ProjectUnavailable', reason);
}

const startedUp = new Set<string>();

export async function openStorageProject(services: Services, ref: string, projectId: number, status: string): Promise<StorageProject> {
  assertProjectServing(status);
  let pool: pg.Pool;
  try {
    pool = await services.pools.get(ref);
    await ensureStorageSchema(pool, ref);
  } catch (error) {
    if (error instanceof StorageError || (error as { status?: number }).status === 404) throw error;
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && /^(42|23|22)/.test(code)) throw error;
    throw new StorageError(503, 'DatabaseUnavailable', 'The project database is not available');
  }
  const project: StorageProject = {
    ref,
    projectId,
    services,
    pool,
    filesDir: services.filesDir,
    storage: services.storage,
    folders: projectFolders(services.filesDir, ref),
    globalLimit: () => globalFileSizeLimit(services.pool, projectId),
  };
  if (!startedUp.has(ref)) {
    // First use in this process: files of rows deleted while the platform was down (or by SQL) and temporary
    // files of uploads cut by a crash are removed now.
    startedUp.add(ref);
    void drainTrash(project).catch(() => startedUp.delete(ref));
    void removeStaleTemporaryFiles(project).catch(() => {});
  }
  return project;
}
