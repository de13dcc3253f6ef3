// HTTP of the Connect dialog and the database connection settings (spec A2.10, A3 Pooler config, A7).
import { api } from './client.ts';
import type { PoolMode, PoolerConfig } from '../domain/connect/methods.ts';
import type { ConnectionInfo } from '../domain/connect/info.ts';

const path = (ref: string) => encodeURIComponent(ref);

interface ConnectionSettings {
  db_host: string;
  db_port: number;
  db_name: string;
  db_user: string;
  app_config: { protocol?: string; endpoint: string };
  service_api_keys: { api_key: string; tags: string }[];
}
interface DatabaseRow {
  identifier: string;
  database_type?: 'PRIMARY' | 'READ_REPLICA';
  region: string;
  status: string;
  db_host: string;
  db_port: number;
  db_name: string;
  db_user: string;
}

export const fetchPoolerConfig = (ref: string) => api.get(`platform/projects/${path(ref)}/config/supavisor`).json<PoolerConfig[]>();

export const updatePoolerConfig = (ref: string, body: { pool_mode?: PoolMode; default_pool_size?: number }) =>
  api.patch(`platform/projects/${path(ref)}/config/supavisor`, { json: body }).json<PoolerConfig[]>();

export const resetDatabasePassword = (ref: string, password: string) =>
  api.patch(`platform/projects/${path(ref)}/db-password`, { json: { password } }).json<{ result: string }>();

/** Everything the Connect dialog shows, read in parallel. */
export async function fetchConnectionInfo(ref: string): Promise<ConnectionInfo> {
  const [settings, databases, poolers] = await Promise.all([
    api.get(`platform/projects/${path(ref)}/settings`).json<ConnectionSettings>(),
    api.get(`platform/projects/${path(ref)}/databases`).json<DatabaseRow[]>(),
    fetchPoolerConfig(ref),
  ]);
  const protocol = settings.app_config.protocol ?? 'https';
  return {
    databases: databases.map((row) => ({
      identifier: row.identifier,
      database_type: row.database_type ?? (row.identifier === ref ? 'PRIMARY' : 'READ_REPLICA'),
      region: row.region,
      status: row.status,
      endpoint: { host: row.db_host, port: row.db_port, database: row.db_name, user: row.db_user },
    })),
    poolers,
    apiUrl: `${protocol}://${settings.app_config.endpoint}`,
    anonKey: settings.service_api_keys.find((key) => key.tags === 'anon')?.api_key ?? null,
    ipv4AddOn: false,
  };
}
