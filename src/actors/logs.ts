// Logs, Reports and the project Usage page (issue 19): the reads the views run as tasks (machines/task.machine.ts).
// A logs query the platform refuses answers 200 with `error` (spec B7 logs.all: reads result, error): that error is
// the task's failure message, as the query box shows it.
import { taskWith } from '../../machines/task.machine.ts';
import { api } from '../api/client.ts';
import type { HistogramBucket, LogRow } from '../domain/logs.ts';
import type { MetricSample, ProjectUsageDay } from '../domain/reports.ts';

const projectPath = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;

interface LogsAnswer<T> {
  result: T[];
  error: { message: string } | null;
}

async function logsEndpoint<T>(ref: string, endpoint: string, params: Record<string, string>): Promise<T[]> {
  const answer = await api.get(`${projectPath(ref)}/analytics/endpoints/${endpoint}`, { searchParams: params }).json<LogsAnswer<T>>();
  if (answer.error) throw new Error(answer.error.message);
  return answer.result;
}

export interface LogsReadInput {
  ref: string;
  sql: string;
  start: string;
  end: string;
}

export interface LogsReadOutput {
  rows: LogRow[];
  histogram: HistogramBucket[];
}

/** The rows of a logs query and its counts over the range, read together (one query text, one outcome). */
export const logsRead = taskWith(async ({ ref, sql, start, end }: LogsReadInput): Promise<LogsReadOutput> => {
  const params = { sql, iso_timestamp_start: start, iso_timestamp_end: end };
  const [rows, histogram] = await Promise.all([
    logsEndpoint<LogRow>(ref, 'logs.all', params),
    logsEndpoint<HistogramBucket>(ref, 'logs.histogram', { ...params, buckets: '60' }),
  ]);
  return { rows, histogram };
});

export interface ReportMetrics {
  start: string;
  end: string;
  compute_size: string;
  connection_limit: number;
  samples: MetricSample[];
}

export const reportMetricsRead = taskWith(({ ref, start, end }: { ref: string; start: string; end: string }) =>
  api.get(`${projectPath(ref)}/reports/metrics`, { searchParams: { start, end } }).json<ReportMetrics>(),
);

export interface ProjectUsage {
  start: string;
  end: string;
  days: ProjectUsageDay[];
  current: { database_bytes: number | null; storage_bytes: number };
}

export const projectUsageRead = taskWith(({ ref, start, end }: { ref: string; start: string; end: string }) =>
  api.get(`${projectPath(ref)}/usage/daily`, { searchParams: { start, end } }).json<ProjectUsage>(),
);
