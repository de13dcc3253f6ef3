// Compute and disk, add-ons, infrastructure (issue 20, spec B2.9, B4, B5, B6, B7, A2.5, A2.12):
// - GET /platform/projects/{ref}/disk — the disk attributes and last_modified_at (the cooldown's start).
// - POST /platform/projects/{ref}/disk — {attributes}: checked against the per-type and per-compute limits (B5, B9)
//   and the 6 h cooldown (B4); then the disk enforcement runs for the project at once (a larger disk lifts read-only).
// - GET /platform/projects/{ref}/billing/addons — selected_addons; POST selects one (pitr, ipv4, custom_domain);
//   DELETE /billing/addons/{variant} removes it. Add-on changes need BILLING_WRITE (owner, spec B6).
// - GET /platform/projects/{ref}/infrastructure — what this machine can measure of the project's database.
// Every route checks the session's membership (projectAccess: 404 to strangers, 403 to roles below).
import { Hono } from 'hono';
import { selectAddonBody, updateDiskBody } from '../../src/api/schemas/infrastructure.ts';
import { AMEND_SUBSCRIPTION_REFUSED, isAddonVariant } from '../../src/domain/addons.ts';
import { cooldownRemainingSeconds, diskAttributesProblem, diskRequestAttributes, formatCooldown, type DiskAttributes, type DiskType } from '../../src/domain/disk.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { enforceDiskLimits } from './disk-enforcement.ts';
import { measureInfrastructure } from './figures.ts';

interface DiskRow {
  type: DiskType;
  size_gb: number;
  iops: number;
  throughput_mbps: number | null;
  last_modified_at: Date | null;
}

async function readDisk(services: Services, projectId: number): Promise<DiskRow> {
  const { rows } = await services.pool.query<DiskRow>(
    'select type, size_gb, iops, throughput_mbps, last_modified_at from project_disks where project_id = $1',
    [projectId],
  );
  if (!rows[0]) throw notFound('No disk configuration for this project');
  return rows[0];
}

const attributesOf = (disk: DiskRow): DiskAttributes => ({
  type: disk.type,
  size_gb: disk.size_gb,
  iops: disk.iops,
  ...(disk.type === 'gp3' ? { throughput_mbps: disk.throughput_mbps } : {}),
});

const diskJson = (disk: DiskRow) => ({ attributes: attributesOf(disk), last_modified_at: disk.last_modified_at?.toISOString() ?? null });

async function computeSizeOf(services: Services, project: ProjectRow): Promise<string> {
  const { rows } = await services.pool.query<{ size: string }>(
    'select infra_compute_size as size from databases where project_id = $1 and identifier = $2',
    [project.id, project.ref],
  );
  return rows[0]?.size ?? 'ci_micro';
}

export function infrastructureRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/projects/:ref/disk', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json(diskJson(await readDisk(services, project.id)));
  });

  routes.post('/projects/:ref/disk', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'update disk attributes');
    const body = await readBody(c, updateDiskBody);
    const current = await readDisk(services, project.id);
    const remaining = cooldownRemainingSeconds(current.last_modified_at?.toISOString() ?? null, Date.now());
    // spec B4: a change inside the cooldown window is not possible.
    if (remaining > 0) throw conflict(`The disk was changed less than 6 hours ago: it can be changed again in ${formatCooldown(remaining)}`);
    const draft: DiskAttributes = { ...body.attributes, throughput_mbps: body.attributes.throughput_mbps ?? null };
    if (draft.type !== 'gp3' && draft.throughput_mbps != null) throw badRequest('Throughput applies to gp3 disks only');
    const attributes = diskRequestAttributes(draft);
    const problem = diskAttributesProblem(attributes, { computeSize: await computeSizeOf(services, project), current: attributesOf(current) });
    if (problem) throw badRequest(problem);
    // One statement: of two changes sent at once, only the first finds the disk outside its cooldown.
    const { rows } = await services.pool.query<DiskRow>(
      `update project_disks set type = $2, size_gb = $3, iops = $4, throughput_mbps = $5, last_modified_at = now(),
              dev_size_bytes = null
        where project_id = $1 and (last_modified_at is null or last_modified_at <= now() - interval '21600 seconds')
        returning type, size_gb, iops, throughput_mbps, last_modified_at`,
      [project.id, attributes.type, attributes.size_gb, attributes.iops, attributes.throughput_mbps ?? null],
    );
    if (!rows[0]) throw conflict('The disk was changed less than 6 hours ago: it can be changed again later');
    // A larger disk lifts a read-only mode the platform set (and a smaller use ratio is measured at once).
    await enforceDiskLimits(services.pool, services.pools, project.ref);
    return c.json(diskJson(rows[0]));
  });

  routes.get('/projects/:ref/billing/addons', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await services.pool.query<{ addon_type: string; variant_identifier: string }>(
      'select addon_type, variant_identifier from project_addons where project_id = $1 order by addon_type',
      [project.id],
    );
    return c.json({ selected_addons: rows.map((row) => ({ type: row.addon_type, variant: { identifier: row.variant_identifier } })) });
  });

  async function billingAccess(c: { var: AppEnv['Variables'] }, ref: string): Promise<ProjectRow> {
    const project = await projectAccess(c.var.services.pool, ref, c.var.user.sub);
    if (project.role !== 'owner') throw forbidden(AMEND_SUBSCRIPTION_REFUSED);
    return project;
  }

  routes.post('/projects/:ref/billing/addons', async (c) => {
    const { services } = c.var;
    const project = await billingAccess(c, c.req.param('ref'));
    const body = await readBody(c, selectAddonBody);
    if (!isAddonVariant(body.addon_type, body.addon_variant)) throw badRequest(`${body.addon_variant} is not a variant of the ${body.addon_type} add-on`);
    await services.pool.query(
      `insert into project_addons (project_id, addon_type, variant_identifier) values ($1, $2, $3)
       on conflict (project_id, addon_type) do update set variant_identifier = excluded.variant_identifier`,
      [project.id, body.addon_type, body.addon_variant],
    );
    return c.json({ type: body.addon_type, variant: { identifier: body.addon_variant } }, 201);
  });

  routes.delete('/projects/:ref/billing/addons/:variant', async (c) => {
    const { services } = c.var;
    const project = await billingAccess(c, c.req.param('ref'));
    const { rowCount } = await services.pool.query(
      `delete from project_addons where project_id = $1 and variant_identifier = $2 and addon_type <> 'compute_instance'`,
      [project.id, c.req.param('variant')],
    );
    if (!rowCount) throw notFound('This add-on is not selected for the project');
    return c.json({ message: 'ok' });
  });

  routes.get('/projects/:ref/infrastructure', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    if (project.status !== 'ACTIVE_HEALTHY') throw conflict(`Project ${project.ref} is not running (status ${project.status})`);
    return c.json(await measureInfrastructure(services, project, await computeSizeOf(services, project)));
  });

  return routes;
}
