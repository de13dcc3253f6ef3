// Backups and the storage archive (spec A4.3, A7; issue 5 contract). Downloads answer a short-lived signed URL
// (server/lifecycle/fileUrls.ts) the browser navigates to: /files/{ref}/backups/{id}.sql, /files/{ref}/archives/….
import { Hono } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { backupIdSchema, downloadBackupBody } from '../../src/api/schemas/lifecycle.ts';
import { projectRefSchema } from '../../src/api/schemas/platformFields.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict, notFound, unavailable } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { projectFor, RULES } from '../lifecycle/access.ts';
import { backupJson, findBackup, listBackups, restoreBackup, RestoreRefused, takeBackup, type BackupRow } from '../lifecycle/backups.ts';
import { DumpToolError } from '../lifecycle/dump.ts';
import { fileUrlKey, signedFileUrl } from '../lifecycle/fileUrls.ts';

// Restore a backup into a project (the dashboard's "restore to new project"): the backup's project and the target
// may be the same only when its database has none of the dump's objects; a clash changes nothing (one transaction).
const restoreBackupBody = z.object({ id: backupIdSchema, target_ref: projectRefSchema });

/** The project's backup `id` with its file, or a 404: one that never finished has no file to give. */
async function backupOr404(db: Pick<pg.Pool, 'query'>, projectId: number, id: number): Promise<BackupRow & { path: string }> {
  const backup = await findBackup(db, projectId, id);
  if (!backup?.path) throw notFound('Backup not found');
  return { ...backup, path: backup.path };
}

export function backupRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/database/:ref/backups/downloadable-backups', async (c) => {
    const project = await projectFor(c);
    const backups = await listBackups(c.var.services.pool, project.id);
    return c.json({ status: 'backups-enabled', backups: backups.map(backupJson) });
  });

  // An on-demand backup: the dump runs within the request (seconds for small databases).
  routes.post('/database/:ref/backups', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, RULES.backup);
    if (project.status !== 'ACTIVE_HEALTHY') throw conflict(`A backup needs a running project (status ${project.status})`);
    try {
      const backup = await takeBackup({ ...services, platform: services.pool }, project, 'manual');
      return c.json(backupJson(backup), 201);
    } catch (error) {
      if (error instanceof DumpToolError) throw unavailable(error.message);
      throw unavailable(`The backup failed: ${(error as Error).message}`);
    }
  });

  routes.post('/database/:ref/backups/download', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c);
    const body = await readBody(c, downloadBackupBody);
    const backup = await backupOr404(services.pool, project.id, body.id);
    return c.json({ fileUrl: signedFileUrl(await fileUrlKey(services.pool), options.publicHost, backup.path) });
  });

  routes.post('/database/:ref/backups/restore', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c);
    const body = await readBody(c, restoreBackupBody);
    const backup = await backupOr404(services.pool, project.id, body.id);
    const target = await projectFor(c, RULES.restore, body.target_ref);
    if (target.status !== 'ACTIVE_HEALTHY') throw conflict(`A backup is restored into a running project (status ${target.status})`);
    try {
      await restoreBackup(services, backup.path, target.ref);
    } catch (error) {
      if (error instanceof RestoreRefused) throw conflict(error.message);
      if (error instanceof DumpToolError) throw unavailable(error.message);
      throw unavailable(`The restore failed: ${(error as Error).message}`);
    }
    return c.json({ restored: backup.id, target_ref: target.ref });
  });

  routes.post('/storage/:ref/archive', async (c) => {
    const project = await projectFor(c);
    void c.var.services.archives.create(project.ref);
    return c.json({}, 201);
  });

  routes.get('/storage/:ref/archive', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c);
    const path = await services.archives.latest(project.ref);
    if (!path) throw notFound('Storage archive not found');
    return c.json({ fileUrl: signedFileUrl(await fileUrlKey(services.pool), options.publicHost, path) });
  });

  return routes;
}
