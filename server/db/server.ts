// The Postgres server the platform runs on: the embedded cluster or an existing server (DATABASE_URL).
// Both are used the same way, through `pg` (DESIGN §5: one code path).

export interface DatabaseServer {
  kind: 'embedded' | 'external';
  /** Address clients (psql, apps) use to reach the server. */
  host: string;
  port: number;
  /** Database used for cluster-wide work (CREATE DATABASE, roles). */
  maintenanceDatabase: string;
  /** Connection URL of `database` as the platform's administrative user. */
  url(database: string): string;
  /** Connection URL of `database` as another role (project roles). */
  urlAs(database: string, user: string, password: string): string;
  stop(): Promise<void>;
}

function replaceDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function replaceUser(base: string, user: string, password: string): string {
  const url = new URL(base);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Builds a server description from an admin URL; `stop` is what tears it down (nothing for an external server). */
export function serverFromUrl(
  adminUrl: string,
  kind: DatabaseServer['kind'],
  stop: () => Promise<void> = async () => {},
): DatabaseServer {
  const parsed = new URL(adminUrl);
  const maintenanceDatabase = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  return {
    kind,
    host,
    port: parsed.port ? Number(parsed.port) : 5432,
    maintenanceDatabase,
    url: (database) => replaceDatabase(adminUrl, database),
    urlAs: (database, user, password) => replaceUser(replaceDatabase(adminUrl, database), user, password),
    stop,
  };
}
