// Organizations and their members (spec A3 Organization, A7 "Organizations and projects").
import { Hono } from 'hono';
import type pg from 'pg';
import { createOrganizationBody, updateOrganizationBody } from '../../src/api/schemas/organizations.ts';
import { ORGANIZATION_COLUMNS, organizationAccess, type OrganizationRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { randomLetters } from '../projects/names.ts';
import { ensureProfile } from './profile.ts';
import { teamRoutes } from './team.ts';

export function organizationJson(row: OrganizationRow) {
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

/** A readable slug from the name: 'Acme Corp' → 'acme-corp'. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'org';
}

async function selectOrganization(db: Pick<pg.Pool, 'query'>, id: number, userId: string): Promise<OrganizationRow> {
  const { rows } = await db.query<OrganizationRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role from organizations o join plans pl on pl.id = o.plan_id
       join members m on m.organization_id = o.id and m.profile_id = $2 where o.id = $1`,
    [id, userId],
  );
  return rows[0]!;
}

async function insertOrganization(pool: pg.Pool, name: string, plan: string, ownerId: string): Promise<number> {
  const base = slugFromName(name);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomLetters(attempt < 3 ? 4 : 8)}`;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: number }>(
        'insert into organizations (slug, name, plan_id) values ($1, $2, $3) returning id',
        [slug, name, plan],
      );
      const id = rows[0]!.id;
      await client.query(`insert into members (organization_id, profile_id, role) values ($1, $2, 'owner')`, [id, ownerId]);
      await client.query('commit');
      return id;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      // Slug taken: try with a random suffix (unique index on organizations.slug).
      if ((error as { code?: string }).code === '23505' && attempt < 6) continue;
      throw error;
    } finally {
      client.release();
    }
  }
}

export function organizationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/organizations', async (c) => {
    // The console lists organizations before anything else: a fresh invitee's invitations are accepted here too.
    await ensureProfile(c.var.services.pool, c.var.user);
    const { rows } = await c.var.services.pool.query<OrganizationRow>(
      `select ${ORGANIZATION_COLUMNS}, m.role from organizations o join plans pl on pl.id = o.plan_id
         join members m on m.organization_id = o.id and m.profile_id = $1 order by lower(o.name), o.id`,
      [c.var.user.sub],
    );
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
    await pool.query(
      `update organizations set name = coalesce($2, name), plan_id = coalesce($3, plan_id),
         organization_requires_mfa = coalesce($4, organization_requires_mfa),
         usage_billing_enabled = coalesce($5, usage_billing_enabled), updated_at = now() where id = $1`,
      [org.id, body.name ?? null, body.plan ?? null, body.organization_requires_mfa ?? null, body.usage_billing_enabled ?? null],
    );
    return c.json(organizationJson(await selectOrganization(pool, org.id, c.var.user.sub)));
  });

  routes.delete('/organizations/:slug', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub, 'owner', 'delete this organization');
    const { rowCount } = await pool.query('select 1 from projects where organization_id = $1 limit 1', [org.id]);
    if (rowCount) throw conflict('This organization still has projects: delete them first');
    await pool.query('delete from organizations where id = $1', [org.id]);
    return c.json(organizationJson(org));
  });

  routes.get('/organizations/:slug/members', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    const { rows } = await pool.query(
      `select pr.id as gotrue_id, pr.username, pr.primary_email, m.role, m.inserted_at
         from members m join profiles pr on pr.id = m.profile_id
        where m.organization_id = $1 order by m.inserted_at, pr.username`,
      [org.id],
    );
    return c.json(rows);
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

/**
 * spec A2.9, A6: the organization's administrators and owners whose active free-plan projects (across every
 * organization they administer) reach their free project limit. Resuming a free project is refused while any.
 */
export async function membersAtFreeProjectLimit(pool: pg.Pool, organizationId: number) {
  const { rows } = await pool.query<{ username: string; primary_email: string; free_project_limit: number }>(
    `select pr.username, pr.primary_email, pr.free_project_limit
       from members m join profiles pr on pr.id = m.profile_id
      where m.organization_id = $1 and m.role in ('owner', 'administrator')
        and (select count(*) from projects p
               join organizations fo on fo.id = p.organization_id and fo.plan_id = 'free'
               join members fm on fm.organization_id = fo.id and fm.profile_id = pr.id
                              and fm.role in ('owner', 'administrator')
              where p.status <> 'INACTIVE' and p.deletion_requested_at is null
                and p.parent_project_ref is null) >= pr.free_project_limit
      order by pr.username`,
    [organizationId],
  );
  return rows;
}
