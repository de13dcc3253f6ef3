// Which endpoint a connection method reaches (spec A2.10, A4.6): the direct connection is the database itself; the
// transaction and session poolers are the platform's pooler when one runs, and say plainly why not otherwise, so no
// string is shown that does not connect.
import { CONNECT_STRINGS, type ConnectMethod } from './constants.ts';
import type { ConnectionEndpoint } from './strings.ts';

export type PoolMode = 'transaction' | 'session';
export const POOL_MODES: readonly PoolMode[] = ['transaction', 'session'];
/** Bounds of the pool size setting (per user and database; the pooler's default_pool_size). */
export const POOL_SIZE_MIN = 1;
export const POOL_SIZE_MAX = 200;

/** spec A3 Pooler config (GET /platform/projects/{ref}/config/supavisor), with where the local pooler listens. */
export interface PoolerConfig {
  identifier: string;
  database_type: 'PRIMARY' | 'READ_REPLICA';
  pool_mode: PoolMode;
  default_pool_size: number;
  db_host: string;
  db_name: string;
  db_user: string;
  /** The transaction pooler's port (spec C§9: 6543 on the platform; locally the real one). */
  db_port: number;
  /** The session pooler's port (spec C§9: 5432 on the platform; locally the real one). */
  session_port: number;
  connection_string: string;
  /** False when no pooler runs in front of the database; `unavailable_reason` says why. */
  running: boolean;
  unavailable_reason?: string;
}

export type MethodEndpoint = { endpoint: ConnectionEndpoint; unavailable?: undefined } | { endpoint?: undefined; unavailable: string };

export function methodEndpoint(method: ConnectMethod, direct: ConnectionEndpoint, pooler: PoolerConfig | undefined): MethodEndpoint {
  if (method === 'direct') return { endpoint: direct };
  if (!pooler || !pooler.running) {
    return { unavailable: pooler?.unavailable_reason ?? 'No connection pooler runs in front of this database. Use the direct connection.' };
  }
  // spec A4.6: with pool mode Session the pooler's main port does not pool per transaction.
  if (method === 'transaction' && pooler.pool_mode === 'session') return { unavailable: CONNECT_STRINGS.transactionUnavailable };
  return {
    endpoint: {
      host: pooler.db_host,
      port: method === 'transaction' ? pooler.db_port : pooler.session_port,
      database: pooler.db_name,
      user: pooler.db_user,
    },
  };
}

/** spec A4.6: free plan → 'Shared Pooler', otherwise 'Dedicated Pooler'. */
export const poolerLabel = (planId: string | undefined) => (planId === undefined || planId === 'free' ? CONNECT_STRINGS.sharedPooler : CONNECT_STRINGS.dedicatedPooler);

/** spec A4.6: IPv4 compatibility of each method, and the note to show. */
export function ipv4Note(method: ConnectMethod, options: { freePlan: boolean; ipv4AddOn: boolean }): { compatible: boolean; note?: string } {
  if (method === 'direct') {
    return options.ipv4AddOn ? { compatible: true, note: CONNECT_STRINGS.ipv4Proxied } : { compatible: false, note: CONNECT_STRINGS.ipv4Direct };
  }
  if (method === 'transaction') return { compatible: options.freePlan || options.ipv4AddOn };
  return options.freePlan && options.ipv4AddOn ? { compatible: true, note: CONNECT_STRINGS.notRecommendedSession } : { compatible: true };
}

/** A pool size the settings form may save, or the message to show. */
export function poolSizeProblem(value: number): string | null {
  if (!Number.isInteger(value)) return 'Pool size must be a whole number';
  if (value < POOL_SIZE_MIN || value > POOL_SIZE_MAX) return `Pool size must be between ${POOL_SIZE_MIN} and ${POOL_SIZE_MAX}`;
  return null;
}
