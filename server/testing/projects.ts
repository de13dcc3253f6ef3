// Test support: a project made straight through the platform's provisioner (no HTTP, no signed-in user), as the
// tests that boot services themselves need (several processes, restarts). The organization is made when missing.
import type { Services } from '../services.ts';

export interface TestProjectOptions {
  /** Slug (and name) of the organization the project goes in. */
  org: string;
  name: string;
  /** The database password of the project's owner role. */
  dbPass: string;
  /** Wait until provisioning has finished (default); false leaves it running (a test stopping it midway). */
  settle?: boolean;
}

export async function provisionTestProject(
  services: Pick<Services, 'pool' | 'provisioner' | 'postgresVersion'>,
  options: TestProjectOptions,
): Promise<{ id: number; ref: string }> {
  await services.pool.query(`insert into organizations (slug, name) values ($1, $1) on conflict (slug) do nothing`, [options.org]);
  const { rows: orgs } = await services.pool.query<{ id: number }>(`select id from organizations where slug = $1`, [options.org]);
  const ref = await services.provisioner.create({
    organizationId: orgs[0]!.id,
    name: options.name,
    region: 'local',
    cloudProvider: 'AWS',
    dbVersion: `strata-postgres-${services.postgresVersion}`,
    dbPass: options.dbPass,
  });
  if (options.settle !== false) await services.provisioner.settled();
  const { rows } = await services.pool.query<{ id: number }>('select id from projects where ref = $1', [ref]);
  return { id: rows[0]!.id, ref };
}
