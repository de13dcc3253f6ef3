// The log sources a logs query can name (issue 19) and their columns: each column maps to an SQL expression the
// platform wrote, never to the user's text. Names follow the hosted log explorer's tables.

export interface LogSource {
  /** Where the rows live: the platform database, or the project's own database (its auth audit log). */
  database: 'platform' | 'project';
  /** FROM clause with the project and time filters' columns: `$ref` is the project parameter. */
  from: string;
  /** Condition scoping the rows to the project (uses the first parameter), or null (the project's own database). */
  projectFilter: string | null;
  /** The time column's expression. */
  time: string;
  columns: Record<string, string>;
  /** Columns of `select *`, in order. */
  defaultColumns: string[];
}

const requestColumns = {
  id: 'id',
  timestamp: 'at',
  method: 'method',
  path: 'path',
  status: 'status',
  status_code: 'status',
  duration_ms: 'duration_ms',
  role: 'role',
  response_bytes: 'response_bytes',
  service: 'service',
  event_message: `(method || ' ' || path || ' ' || status)`,
};
const requestDefaults = ['id', 'timestamp', 'method', 'path', 'status', 'duration_ms', 'role', 'service', 'event_message'];

export const LOG_SOURCES: Record<string, LogSource> = {
  edge_logs: {
    database: 'platform',
    from: 'request_logs',
    projectFilter: 'project_ref = $1',
    time: 'at',
    columns: requestColumns,
    defaultColumns: requestDefaults,
  },
  storage_logs: {
    database: 'platform',
    from: 'request_logs',
    projectFilter: `project_ref = $1 and service = 'storage'`,
    time: 'at',
    columns: requestColumns,
    defaultColumns: requestDefaults,
  },
  postgres_logs: {
    database: 'platform',
    from: 'postgres_logs',
    projectFilter: 'project_ref = $1',
    time: 'at',
    columns: { id: 'id', timestamp: 'at', severity: 'severity', database: 'database', event_message: 'message' },
    defaultColumns: ['id', 'timestamp', 'severity', 'database', 'event_message'],
  },
  auth_logs: {
    database: 'project',
    from: 'auth.audit_log_entries',
    projectFilter: null,
    time: 'created_at',
    columns: {
      id: 'id::text',
      timestamp: 'created_at',
      action: `(payload->>'action')`,
      actor: `(payload->>'actor_username')`,
      log_type: `(payload->>'log_type')`,
      ip_address: 'ip_address',
      event_message: `((payload->>'action') || ' ' || coalesce(nullif(payload->>'actor_username', ''), '-'))`,
    },
    defaultColumns: ['id', 'timestamp', 'action', 'actor', 'log_type', 'event_message'],
  },
};

/** spec-like aliases. */
LOG_SOURCES.api_logs = LOG_SOURCES.edge_logs!;
