// What the Connect dialog reads from the platform (spec A3: settings, databases, pooler config, API keys).
import type { PoolerConfig } from './methods.ts';
import type { ConnectionEndpoint } from './strings.ts';
import { CONNECT_STRINGS } from './constants.ts';

export interface ConnectDatabase {
  /** The database id (the project ref for the primary). */
  identifier: string;
  database_type: 'PRIMARY' | 'READ_REPLICA';
  region: string;
  status: string;
  endpoint: ConnectionEndpoint;
}

export interface ConnectionInfo {
  databases: ConnectDatabase[];
  poolers: PoolerConfig[];
  /** The project's API URL (protocol + app_config.endpoint). */
  apiUrl: string;
  /** The anon key, or null when it could not be read. */
  anonKey: string | null;
  planId?: string;
  ipv4AddOn: boolean;
}

/** spec A2.10, A4.5: primary first, 'Primary database'; replicas 'Read replica ({region} - {id suffix})'. */
export function databaseLabel(database: ConnectDatabase): string {
  if (database.database_type === 'PRIMARY') return CONNECT_STRINGS.primaryDatabase;
  return `Read replica (${database.region} - ${database.identifier.split('-').at(-1)})`;
}

/** The database the dialog shows: the selected source when it exists and is healthy, else the primary. */
export function selectedDatabase(info: ConnectionInfo, ref: string, source: string | undefined): ConnectDatabase | undefined {
  const chosen = source ? info.databases.find((d) => d.identifier === source && d.status === 'ACTIVE_HEALTHY') : undefined;
  return chosen ?? info.databases.find((d) => d.identifier === ref) ?? info.databases[0];
}
