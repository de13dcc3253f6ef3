// The platform's periodic work for logs and reports (issue 19), started by server/runtime.ts once the database is
// up and stopped before its pools close: the metric sampler, the log prune, the disk and connection checks and the
// Postgres log reader, one at a time (serialJobs).
import type pg from 'pg';
import { LOG_PRUNE_INTERVAL_MS, METRIC_SAMPLE_INTERVAL_MS, PG_LOG_POLL_MS } from '../logs/limits.ts';
import { configurePostgresLogging, createPostgresLogReader } from '../logs/postgresLog.ts';
import { pruneLogs } from '../logs/prune.ts';
import { sampleProjects } from './sampler.ts';
import { DISK_ENFORCEMENT_INTERVAL_MS, enforceDiskLimits } from '../infrastructure/disk-enforcement.ts';
import { CONNECTION_CHECK_INTERVAL_MS, checkConnectionLimits } from '../infrastructure/connection-check.ts';
import type { ProjectPools } from '../projects/pools.ts';

export interface BackgroundWork {
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  pool: pg.Pool;
  filesDir: string | null;
  /** The embedded cluster's server.log; null for an existing server (its log is not ours to read). */
  postgresLogFile: string | null;
  log: (line: string) => void;
  sampleIntervalMs?: number;
  /** The project pools the disk enforcement drops when it sets or lifts read-only mode (issue 20). */
  pools?: ProjectPools;
}

/**
 * Periodic jobs that run one at a time, in one lane: background work never holds more than one platform connection,
 * so it neither grows the platform pool (each idle connection is a Postgres backend, ~5 MB of private memory, kept
 * for the pool's idle timeout) nor competes with requests for it. A job whose previous run is still queued or running
 * is skipped over, never stacked; its failures are logged once per kind of error.
 */
export function serialJobs(log: (line: string) => void) {
  const timers: NodeJS.Timeout[] = [];
  const reported = new Set<string>();
  let lane: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function every(name: string, ms: number, job: () => Promise<unknown>, runNow: boolean): void {
    if (stopped) return;
    let pending = false;
    const run = () => {
      if (pending || stopped) return;
      pending = true;
      lane = lane.then(async () => {
        try {
          if (!stopped) await job();
        } catch (error) {
          const key = `${name}: ${(error as Error).message}`;
          if (!reported.has(key)) {
            reported.add(key);
            log(`Background ${name} failed: ${(error as Error).message}`);
          }
        } finally {
          pending = false;
        }
      });
    };
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
    if (runNow) run();
  }

  return {
    every,
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await lane;
    },
  };
}

export function startBackgroundWork(options: BackgroundOptions): BackgroundWork {
  const { every, stop } = serialJobs(options.log);

  every('metric sample', options.sampleIntervalMs ?? METRIC_SAMPLE_INTERVAL_MS, () => sampleProjects(options.pool, options.filesDir), true);
  every('log prune', LOG_PRUNE_INTERVAL_MS, () => pruneLogs(options.pool), true);
  // issue 20: a database at 95 % of its disk goes read-only until space is freed or the disk grows.
  every('disk enforcement', DISK_ENFORCEMENT_INTERVAL_MS, () => enforceDiskLimits(options.pool, options.pools ?? null), true);
  // issue 21: a connection limit near is a notification even when no console polls the banner.
  every('connection check', CONNECTION_CHECK_INTERVAL_MS, () => checkConnectionLimits(options.pool), true);
  if (options.postgresLogFile) {
    const read = createPostgresLogReader(options.pool, options.postgresLogFile);
    void configurePostgresLogging(options.pool)
      .then(() => every('Postgres log read', PG_LOG_POLL_MS, read, true))
      .catch((error: Error) => options.log(`Postgres logging could not be configured: ${error.message}`));
  }

  return { stop };
}
