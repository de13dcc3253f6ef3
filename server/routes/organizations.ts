// Organizations and their members (spec A3 Organization, A7 "Organizations and projects").
import { Hono } from 'hono';
import type { Member, OrganizationJson } from '../../src/api/contracts.ts';
import { createOrganizationBody, updateOrganizationBody } from '../../src/api/schemas/organizations.ts';
import { organizationAccess, type OrganizationRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import {
  deleteOrganization,
  insertOrganization,
  listMembers,
  listOrganizations,
  membersAtFreeProjectLimit,
  organizationHasProjects,
  selectOrganization,
  updateOrganization,
} from '../organizations/queries.ts';
import { ensureProfile } from './profile.ts';
import { teamRoutes } from './team.ts';

export function organizationJson(row: OrganizationRow): OrganizationJson {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: { id: row.plan_id, name: row.plan_name },
    managed_by: row.managed_by,
    organization_requires_mfa: row.organization_requires_mfa,
    usage_billing_enabled: row.usage_billing_enabled,
    is_owner: row.role === 'owner',
    role: row.role,
    inserted_at: row.inserted_at.toISOString(),
  };
}

export function organizationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/organizations', async (c) => {
    // The console lists organizations before anything else: a fresh invitee's invitations are accepted here too.
    await ensureProfile(c.var.services.pool, c.var.user);
    const rows = await listOrganizations(c.var.services.pool, c.var.user.sub);
    return c.json(rows.map(organizationJson));
  });

  routes.post('/organizations', async (c) => {
    const body = await readBody(c, createOrganizationBody);
    const { pool } = c.var.services;
    await ensureProfile(pool, c.var.user);
    const id = await insertOrganization(pool, body.name, body.plan ?? 'free', c.var.user.sub);
    return c.json(organizationJson(await selectOrganization(pool, id, c.var.user.sub)), 201);
  });

  routes.get('/organizations/:slug', async (c) => {
    const org = await organizationAccess(c.var.services.pool, c.req.param('slug'), c.var.user.sub);
    return c.json(organizationJson(org));
  });

  routes.patch('/organizations/:slug', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub, 'administrator', 'update this organization');
    const body = await readBody(c, updateOrganizationBody);
    await updateOrganization(pool, org.id, body);
    return c.json(organizationJson(await selectOrganization(pool, org.id, c.var.user.sub)));
  });

  routes.delete('/organizations/:slug', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub, 'owner', 'delete this organization');
    if (await organizationHasProjects(pool, org.id)) throw conflict('This organization still has projects: delete them first');
    await deleteOrganization(pool, org.id);
    return c.json(organizationJson(org));
  });

  routes.get('/organizations/:slug/members', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    const members: Member[] = (await listMembers(pool, org.id)).map((row) => ({ ...row, inserted_at: row.inserted_at.toISOString() }));
    return c.json(members);
  });

  // spec A2.9, A6: administrators and owners whose non-paused free-plan projects reach their limit.
  routes.get('/organizations/:slug/members/reached-free-project-limit', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    return c.json(await membersAtFreeProjectLimit(pool, org.id));
  });

  routes.route('/', teamRoutes());
  return routes;
}
