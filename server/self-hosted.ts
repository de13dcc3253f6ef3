// Self-hosted mode (spec A1, A2.2, A4.11): the console is "always logged in" as the fixed LOCAL_USER and its home is
// /project/default, so the platform makes sure, at every start, that this user has a profile, an organization
// (slug `default`) and in it the project with the fixed ref `default`, provisioned like any other project.
// Idempotent and crash-safe: each step is an insert that does nothing when the row exists; the project is created
// by the provisioner in one transaction (rows + roles), and one left COMING_UP is finished by resumePending.
import { randomBytes } from 'node:crypto';
import type { Mode } from './config.ts';
import { LOCAL_USER } from './http/session.ts';
import { DEFAULT_PROJECT_REF, ownerRole, projectDatabase } from './projects/names.ts';
import { VERSION_PREFIX } from './routes/orgProjects.ts';
import { ensureProfile } from './routes/profile.ts';
import type { Services } from './services.ts';

export const DEFAULT_ORGANIZATION = { slug: 'default', name: 'Default Organization', plan: 'free' } as const;
export const DEFAULT_PROJECT = { ref: DEFAULT_PROJECT_REF, name: 'Default Project', region: 'local', cloudProvider: 'AWS' } as const;

export interface DefaultProjectResult {
  organizationCreated: boolean;
  projectCreated: boolean;
}

/** Ensures LOCAL_USER's profile, the default organization and the default project; creates only what is missing. */
export async function ensureDefaultProject(services: Services, log: (line: string) => void): Promise<DefaultProjectResult> {
  const { pool } = services;
  await ensureProfile(pool, LOCAL_USER);

  const inserted = await pool.query<{ id: number }>(
    `insert into organizations (slug, name, plan_id) values ($1, $2, $3) on conflict (slug) do nothing returning id`,
    [DEFAULT_ORGANIZATION.slug, DEFAULT_ORGANIZATION.name, DEFAULT_ORGANIZATION.plan],
  );
  const organizationCreated = inserted.rows.length > 0;
  const organizationId =
    inserted.rows[0]?.id ??
    (await pool.query<{ id: number }>('select id from organizations where slug = $1', [DEFAULT_ORGANIZATION.slug])).rows[0]!.id;
  // A crash between the two inserts leaves an organization without owner: this run adds it (never demotes anyone).
  await pool.query(
    `insert into members (organization_id, profile_id, role) values ($1, $2, 'owner') on conflict do nothing`,
    [organizationId, LOCAL_USER.sub],
  );

  // Present in any state: COMING_UP is finished by resumePending, a requested deletion by the same.
  const { rowCount } = await pool.query('select 1 from projects where ref = $1', [DEFAULT_PROJECT.ref]);
  if (rowCount) return { organizationCreated, projectCreated: false };

  // Never stored: Postgres keeps only its SCRAM verifier on the owner role; the log line below is the only copy.
  const dbPass = randomBytes(24).toString('base64url');
  try {
    await services.provisioner.create({
      ref: DEFAULT_PROJECT.ref,
      organizationId,
      name: DEFAULT_PROJECT.name,
      region: DEFAULT_PROJECT.region,
      cloudProvider: DEFAULT_PROJECT.cloudProvider,
      dbVersion: `${VERSION_PREFIX}${services.postgresVersion}`,
      dbPass,
    });
  } catch (error) {
    // Another platform process on the same database created it meanwhile (its own start-up printed the password).
    if ((error as { code?: string }).code === '23505') return { organizationCreated, projectCreated: false };
    throw error;
  }
  const { host, port } = services.server;
  log(
    `Self-hosted: created the default project (ref '${DEFAULT_PROJECT.ref}'). Password of the database role ` +
      `${ownerRole(DEFAULT_PROJECT.ref)}, shown only this once and stored nowhere, keep it: ${dbPass}`,
  );
  log(`Connect with: psql -h ${host} -p ${port} -U ${ownerRole(DEFAULT_PROJECT.ref)} ${projectDatabase(DEFAULT_PROJECT.ref)}`);
  return { organizationCreated, projectCreated: true };
}

/** Start-up hook of the runtime: the default project in self-hosted mode, nothing in platform mode. */
export async function bootstrapMode(
  mode: Mode,
  services: Services,
  log: (line: string) => void,
): Promise<DefaultProjectResult | null> {
  if (mode !== 'self-hosted') return null;
  return ensureDefaultProject(services, log);
}
