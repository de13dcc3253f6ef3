// The platform's flag service, telemetry collector and deployment commit (spec A7 'Flags and telemetry', A2.14; issue 21).
import type { DeploymentCommit, FlagValue, RemoteFlagItem } from '../domain/signals.ts';
import { TELEMETRY_VERSION_HEADER } from '../domain/signals.ts';
import type { TelemetryItemBody } from './schemas/telemetry.ts';
import { api } from './client.ts';

export const fetchRemoteFlags = () => api.get('platform/telemetry/remote-flags').json<RemoteFlagItem[]>();
/** spec A7: GET {API_URL}/telemetry/feature-flags (the analytics flags). */
export const fetchAnalyticsFlags = () => api.get('platform/telemetry/feature-flags').json<Record<string, FlagValue>>();
export const trackFeatureFlag = (body: { feature_flag_name: string; feature_flag_value: FlagValue }) =>
  api.post('platform/telemetry/feature-flags/track', { json: body, headers: TELEMETRY_VERSION_HEADER }).json<unknown>();
/** keepalive: a page leave is sent while the page goes away. */
export const sendTelemetryItems = (items: TelemetryItemBody[]) =>
  api.post('platform/telemetry/collect', { json: { items }, headers: TELEMETRY_VERSION_HEADER, keepalive: true }).json<unknown>();
export const sendClientError = (body: { message: string; stack?: string; url?: string }) =>
  api.post('platform/telemetry/errors', { json: body, headers: TELEMETRY_VERSION_HEADER, keepalive: true }).json<unknown>();
/** spec A7: GET {site}/api/get-deployment-commit; the site is the console's base path. */
export async function fetchDeploymentCommit(): Promise<DeploymentCommit> {
  const response = await fetch(`${location.origin}/dashboard/api/get-deployment-commit`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as DeploymentCommit;
}

// ---- platform admins (issue 21: /account/flags) ----
export const fetchPlatformAdmin = () => api.get('platform/telemetry/admin').json<{ admin: boolean }>();
export const setPlatformFlag = (source: 'remote' | 'analytics', key: string, value: FlagValue) =>
  api.put(`platform/telemetry/flags/${source}/${encodeURIComponent(key)}`, { json: { value } }).json<RemoteFlagItem>();
export const resetPlatformFlag = (source: 'remote' | 'analytics', key: string) =>
  api.delete(`platform/telemetry/flags/${source}/${encodeURIComponent(key)}`);
