// Project shapes of the platform API (spec A3 Project, Database / read replica).
import type { DatabaseJson, ProjectJson } from '../../src/api/contracts.ts';
import type { ProjectRow } from '../http/access.ts';
import type { Services } from '../services.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';

/** A project's database as the platform answers it (the shared contract). */
export type DatabaseSummary = DatabaseJson;

/** SQL expression: the project's databases as a JSON array (alias p = projects). */
export const DATABASES_JSON = `coalesce((
  select json_agg(json_build_object('identifier', d.identifier, 'infra_compute_size', d.infra_compute_size,
                                    'region', d.region, 'status', d.status) order by d.id)
    from databases d where d.project_id = p.id), '[]'::json) as databases`;

export interface ProjectJsonContext {
  /** host:port of the platform, the base of each project's API URL (DESIGN §5: a path prefix /p/{ref}). */
  publicHost: string;
  services: Services;
}

export function projectEndpoint(publicHost: string, ref: string): string {
  return `${publicHost}/p/${ref}`;
}

export function projectJson(row: Omit<ProjectRow, 'role'> & { databases?: DatabaseSummary[] }, ctx: ProjectJsonContext): ProjectJson {
  const { server } = ctx.services;
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    status: row.status,
    region: row.region,
    cloud_provider: row.cloud_provider,
    // spec A3: shown with its product prefix removed as the PG version.
    dbVersion: row.db_version,
    organization_id: row.organization_id,
    organization_slug: row.organization_slug,
    inserted_at: row.inserted_at.toISOString(),
    parent_project_ref: row.parent_project_ref,
    is_branch_enabled: row.is_branch_enabled,
    // The REST service answers when the database does; it is ONLINE once the project is healthy.
    postgrestStatus: row.status === 'ACTIVE_HEALTHY' ? ('ONLINE' as const) : ('OFFLINE' as const),
    restUrl: `http://${projectEndpoint(ctx.publicHost, row.ref)}/rest/v1/`,
    // spec A3: password placeholder '[YOUR_PASSWORD]'.
    connectionString: `postgresql://${ownerRole(row.ref)}:[YOUR_PASSWORD]@${server.host}:${server.port}/${projectDatabase(row.ref)}`,
    ...(row.databases ? { databases: row.databases } : {}),
  };
}
