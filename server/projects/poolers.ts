// The platform's connection poolers (spec A2.10, A4.6, C§9): a transaction pooler (the project's pool mode) and a
// session pooler in front of the project databases. Where none can run, the status says why in one sentence, and
// the console shows that sentence instead of a string that would not connect.

export interface PoolerStatus {
  running: boolean;
  /** Where clients reach the poolers (the real local ports, spec C§9 names 6543 and 5432 on the platform). */
  host: string;
  transactionPort: number;
  sessionPort: number;
  /** Why no pooler runs (when running is false). */
  reason?: string;
}

export interface Poolers {
  status(): PoolerStatus;
  /** Rewrites the poolers' databases and users from the platform database and reloads them (new project,
   *  password reset, pool settings). Resolves once the poolers answer with the new settings. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

export const NO_POOLER_REASON = 'No connection pooler runs on this platform (pgbouncer is not installed). Use the direct connection.';

/** Poolers that do not run: every method but direct says `reason`. */
export function noPoolers(reason = NO_POOLER_REASON): Poolers {
  return {
    status: () => ({ running: false, host: '', transactionPort: 0, sessionPort: 0, reason }),
    refresh: async () => {},
    stop: async () => {},
  };
}
