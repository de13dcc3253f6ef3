// The bounds of the platform's logs and metric samples (issue 19), in one place.

/** Request-log rows are written in batches: at most this long after the request… */
export const LOG_FLUSH_INTERVAL_MS = 1000;
/** …or as soon as this many are waiting. */
export const LOG_BATCH_SIZE = 200;
/** Requests waiting beyond this many (the database is down) are dropped rather than held in memory. */
export const LOG_QUEUE_MAX = 5000;

/** Rows older than this are pruned from request_logs and postgres_logs. */
export const LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** And each table keeps at most this many rows (the newest). */
export const LOG_MAX_ROWS = 100_000;
/** How often the prune runs. */
export const LOG_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** A logged path is cut to this many characters. */
export const LOG_PATH_MAX = 500;
/** A Postgres log message is cut to this many characters. */
export const LOG_MESSAGE_MAX = 4000;
/** The Postgres server log is read this often. */
export const PG_LOG_POLL_MS = 2000;

/** Rows a logs query returns at most (spec: the explorer shows up to 100 by default). */
export const LOGS_QUERY_MAX_ROWS = 1000;
export const LOGS_QUERY_DEFAULT_ROWS = 100;
/** Statement timeout of a logs query. */
export const LOGS_QUERY_TIMEOUT_MS = 5000;

/** The metric sampler's period and how long samples are kept (issue 19: every minute, 7 days). */
export const METRIC_SAMPLE_INTERVAL_MS = 60 * 1000;
export const METRIC_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
