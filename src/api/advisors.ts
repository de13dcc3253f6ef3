// Endpoints of the Security and Performance Advisors and Query Performance (issue 19; server/advisors/routes.ts).
import type { AdvisorLint, AdvisorLintName } from '../domain/advisors.ts';
import type { QueryPlanAnswer, QueryStatsAnswer, QueryStatsOrder } from '../domain/query-performance.ts';
import { api } from './client.ts';

const project = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;

export const fetchLints = (ref: string, signal?: AbortSignal) =>
  api.get(`${project(ref)}/run-lints`, signal ? { signal } : {}).json<AdvisorLint[]>();
export const dismissLint = (ref: string, body: { name: AdvisorLintName; object_key: string }) =>
  api.post(`${project(ref)}/run-lints/dismissals`, { json: body }).json<AdvisorLint>();
export const restoreLint = (ref: string, body: { name: AdvisorLintName; object_key: string }) =>
  api.delete(`${project(ref)}/run-lints/dismissals`, { searchParams: body }).json<{ restored: boolean }>();

export const fetchQueryStats = (ref: string, query: { order: QueryStatsOrder; search: string }) =>
  api.get(`${project(ref)}/query-performance`, { searchParams: query }).json<QueryStatsAnswer>();
export const explainQuery = (ref: string, queryid: string) =>
  api.post(`${project(ref)}/query-performance/explain`, { json: { queryid } }).json<QueryPlanAnswer>();
export const resetQueryStats = (ref: string) => api.post(`${project(ref)}/query-performance/reset`).json<{ reset: boolean }>();
