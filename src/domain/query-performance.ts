// Query Performance (/project/{ref}/reports/query-performance, issue 19; spec A2.6 "Tools"): the statements of the
// project's database from pg_stat_statements, their shape and the page's pure rules.

export const QUERY_STATS_ORDERS = ['total_time', 'mean_time', 'calls', 'rows'] as const;
export type QueryStatsOrder = (typeof QUERY_STATS_ORDERS)[number];

export const QUERY_STATS_ORDER_LABELS: Record<QueryStatsOrder, string> = {
  total_time: 'Most time consuming',
  mean_time: 'Slowest execution',
  calls: 'Most frequent',
  rows: 'Most rows',
};

/** How many statements one read answers. */
export const QUERY_STATS_LIMIT = 100;

export interface QueryStat {
  queryid: string;
  query: string;
  role: string | null;
  calls: number;
  /** Milliseconds. */
  total_time: number;
  mean_time: number;
  min_time: number;
  max_time: number;
  rows: number;
  cache_hit_ratio: number | null;
}

export interface QueryStatsAnswer {
  /** False when the server does not collect statistics (no preload); `message` says why. */
  available: boolean;
  message: string | null;
  queries: QueryStat[];
}

export interface QueryPlanAnswer {
  plan: string;
}

export const QUERY_PERFORMANCE_TEXT = {
  title: 'Query Performance',
  intro: "The statements run on this project's database, from pg_stat_statements.",
  search: 'Search queries',
  order: 'Sort by',
  refresh: 'Refresh',
  reset: 'Reset report',
  resetTitle: 'Reset query performance statistics',
  resetDescription: 'Every statement statistic of this database is cleared. New statistics collect from now on.',
  noQueries: 'No queries found',
  noQueriesDescription: 'Statistics appear here as queries run on the database.',
  noMatches: 'No queries match your search',
  unavailable: 'Query statistics are not available',
  loadFailed: 'Failed to retrieve query performance',
  explain: 'Explain',
  planTitle: 'Query plan',
} as const;

/** Milliseconds as the table shows them. */
export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(3)} ms`;
}

/** Statements Postgres can plan (EXPLAIN / PREPARE take only these); DDL and utility statements have no plan. */
export function isExplainable(query: string): boolean {
  return /^\s*(\(\s*)*(select|with|insert|update|delete|values|table|merge)\b/i.test(query.replace(/^\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*/g, ''));
}

export const NOT_EXPLAINABLE = 'Only SELECT, INSERT, UPDATE, DELETE, MERGE and VALUES statements have a query plan.';
