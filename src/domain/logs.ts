// The log explorer's rules (issue 19, spec A2.2 logs routes, A5 "Logs SQL"): the sources, the filters written as a
// logs query (the query box shows what the filters mean, and the platform runs only that language), the time
// range presets and the histogram's buckets. The server's validation (server/logs/query.ts) is the authority; the
// messages are repeated here so the query box can say them before a round trip.

export const LOGS_WITH_MESSAGE = 'The parser does not yet support WITH and subquery statements.';
export const LOGS_ILIKE_MESSAGE = 'BigQuery does not support ILIKE. Use REGEXP_CONTAINS instead.';

export type LogSourceId = 'api' | 'postgres' | 'auth' | 'storage';

export interface LogSourceInfo {
  id: LogSourceId;
  label: string;
  /** The table the logs query reads. */
  table: string;
  /** Columns of the rows table, in order; the first after timestamp is the message. */
  columns: string[];
}

export const LOG_SOURCE_LIST: readonly LogSourceInfo[] = [
  { id: 'api', label: 'API', table: 'edge_logs', columns: ['timestamp', 'method', 'path', 'status', 'duration_ms', 'role', 'service'] },
  { id: 'postgres', label: 'Postgres', table: 'postgres_logs', columns: ['timestamp', 'severity', 'database', 'event_message'] },
  { id: 'auth', label: 'Auth', table: 'auth_logs', columns: ['timestamp', 'action', 'actor', 'log_type', 'ip_address'] },
  { id: 'storage', label: 'Storage', table: 'storage_logs', columns: ['timestamp', 'method', 'path', 'status', 'duration_ms', 'role'] },
];

export const logSource = (id: string): LogSourceInfo => LOG_SOURCE_LIST.find((s) => s.id === id) ?? LOG_SOURCE_LIST[0]!;

export const STATUS_FILTERS = ['2xx', '3xx', '4xx', '5xx'] as const;
export const METHOD_FILTERS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const SEVERITY_FILTERS = ['LOG', 'NOTICE', 'WARNING', 'ERROR', 'FATAL', 'PANIC'] as const;

export interface LogFilters {
  status: string | null;
  method: string | null;
  severity: string | null;
  search: string;
}

export const NO_LOG_FILTERS: LogFilters = { status: null, method: null, severity: null, search: '' };

/** Which filters a source has. */
export function filtersOf(source: LogSourceId): { status: boolean; method: boolean; severity: boolean } {
  const requests = source === 'api' || source === 'storage';
  return { status: requests, method: requests, severity: source === 'postgres' };
}

/** A string literal of the logs language. */
export const logsLiteral = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** The search text taken literally inside a regular expression. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const LOGS_DEFAULT_LIMIT = 100;

/** The logs query the filters mean, as the query box shows it. */
export function buildLogsQuery(sourceId: LogSourceId, filters: LogFilters, limit = LOGS_DEFAULT_LIMIT): string {
  const source = logSource(sourceId);
  const available = filtersOf(source.id);
  const conditions: string[] = [];
  if (available.status && filters.status && /^[1-5]xx$/.test(filters.status)) {
    const base = Number(filters.status[0]) * 100;
    conditions.push(`status >= ${base} and status < ${base + 100}`);
  }
  if (available.method && filters.method) conditions.push(`method = ${logsLiteral(filters.method)}`);
  if (available.severity && filters.severity) conditions.push(`severity = ${logsLiteral(filters.severity)}`);
  const search = filters.search.trim();
  if (search) conditions.push(`regexp_contains(event_message, ${logsLiteral(`(?i)${escapeRegex(search)}`)})`);
  const where = conditions.length > 0 ? `\nwhere ${conditions.join('\n  and ')}` : '';
  const columns = source.columns.includes('event_message') ? source.columns : [...source.columns, 'event_message'];
  return `select ${columns.join(', ')}\nfrom ${source.table}${where}\norder by timestamp desc\nlimit ${limit}`;
}

/**
 * The spec's refusals (A5) checked in the browser on the text outside string literals, so the box can say them at
 * once; null when the text passes them (the platform still validates everything).
 */
export function logsQueryRefusal(sql: string): string | null {
  const code = sql.replace(/'(?:[^'\\]|''|\\.)*'?/g, "''").replace(/--[^\n]*/g, '');
  const words = code.toUpperCase().match(/[A-Z_][A-Z0-9_]*|\(/g) ?? [];
  let selects = 0;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i];
    if (word === 'WITH') return LOGS_WITH_MESSAGE;
    if (word === 'ILIKE') return LOGS_ILIKE_MESSAGE;
    if (word === 'SELECT') {
      selects += 1;
      if (selects > 1 || words[i - 1] === '(') return LOGS_WITH_MESSAGE;
    }
  }
  return null;
}

export interface TimePreset {
  id: string;
  label: string;
  ms: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const LOG_TIME_PRESETS: readonly TimePreset[] = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * MINUTE },
  { id: '1h', label: 'Last hour', ms: HOUR },
  { id: '3h', label: 'Last 3 hours', ms: 3 * HOUR },
  { id: '24h', label: 'Last 24 hours', ms: 24 * HOUR },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * HOUR },
];
export const DEFAULT_LOG_PRESET = '1h';
/** The platform keeps 7 days of logs (server/logs/limits.ts); a custom range may span at most 8. */
export const LOG_MAX_RANGE_MS = 8 * 24 * HOUR;

export interface TimeRange {
  start: Date;
  end: Date;
}

export function presetRange(presetId: string, now: Date): TimeRange {
  const preset = LOG_TIME_PRESETS.find((p) => p.id === presetId) ?? LOG_TIME_PRESETS[1]!;
  return { start: new Date(now.getTime() - preset.ms), end: now };
}

/** A custom range from two datetime-local values (local time); an error sentence when it is not usable. */
export function customRange(startText: string, endText: string): TimeRange | string {
  const start = new Date(startText);
  const end = new Date(endText);
  if (!startText || Number.isNaN(start.getTime())) return 'Choose a start time';
  if (!endText || Number.isNaN(end.getTime())) return 'Choose an end time';
  if (start >= end) return 'The start must be before the end';
  if (end.getTime() - start.getTime() > LOG_MAX_RANGE_MS) return 'The range may span at most 8 days';
  return { start, end };
}

export const HISTOGRAM_BUCKETS = 60;

export interface HistogramBucket {
  timestamp: string;
  count: number;
}

/** The histogram's bars: every bucket of the range, empty ones included, from the platform's non-empty buckets. */
export function histogramBars(range: TimeRange, buckets: HistogramBucket[], count = HISTOGRAM_BUCKETS): { start: Date; count: number }[] {
  const span = Math.max(1000, range.end.getTime() - range.start.getTime());
  const width = Math.max(1000, Math.ceil(span / count / 1000) * 1000);
  const bars = Array.from({ length: Math.ceil(span / width) }, (_, i) => ({ start: new Date(range.start.getTime() + i * width), count: 0 }));
  for (const bucket of buckets) {
    const index = Math.floor((new Date(bucket.timestamp).getTime() - range.start.getTime()) / width);
    const bar = bars[Math.min(Math.max(index, 0), bars.length - 1)];
    if (bar) bar.count += bucket.count;
  }
  return bars;
}

export type LogRow = Record<string, unknown>;

/** The severity a row is shown with: the status class of a request, the Postgres severity. */
export function rowLevel(row: LogRow): 'error' | 'warning' | 'info' {
  const status = typeof row.status === 'number' ? row.status : Number(row.status);
  const severity = typeof row.severity === 'string' ? row.severity : '';
  if (status >= 500 || ['ERROR', 'FATAL', 'PANIC'].includes(severity)) return 'error';
  if (status >= 400 || severity === 'WARNING') return 'warning';
  return 'info';
}
