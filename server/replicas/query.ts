// The query endpoint's way to a read replica (issue 20, spec B2.3, A4.5): the picked replica must be this project's
// and ACTIVE_HEALTHY; its console pool connects as the project's API role to the replica's read-only database.
import type pg from 'pg';
import type { ProjectRow } from '../http/access.ts';
import { notFound, unavailable } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { REPLICA_COMING_UP, REPLICA_UNHEALTHY } from '../../src/domain/database-picker.ts';
import { REPLICA_STATUS } from '../../src/domain/replicas.ts';
import { replicaPool } from './pools.ts';

export async function replicaTarget(services: Services, project: Pick<ProjectRow, 'id' | 'ref'>, identifier: string): Promise<pg.Pool> {
  const { rows } = await services.pool.query<{ status: string; db_name: string; password: string }>(
    `select d.status, d.db_name, s.api_role_password as password
       from databases d join project_secrets s on s.project_id = d.project_id
      where d.project_id = $1 and d.identifier = $2 and d.database_type = 'READ_REPLICA'`,
    [project.id, identifier],
  );
  const replica = rows[0];
  if (!replica) throw notFound(`Database ${identifier} not found in this project`);
  if (replica.status !== REPLICA_STATUS.healthy) {
    throw unavailable(replica.status === REPLICA_STATUS.init || replica.status === 'COMING_UP' ? REPLICA_COMING_UP : REPLICA_UNHEALTHY);
  }
  return replicaPool(services.server, project.ref, replica.db_name, replica.password);
}
