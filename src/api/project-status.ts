// HTTP of the project-status screens (spec A7 "Project lifecycle", A2.13).
import { api } from './client.ts';
import type { DatabaseUpgradeStatus } from '../domain/database-upgrade.ts';
import { BUILDING_STATUSES, REST_PING_TIMEOUT_MS } from '../domain/project-status.ts';

export { fetchProjectStatus } from './project-create.ts';

const path = (ref: string) => encodeURIComponent(ref);

/** spec A7: REST health ping with a 2 s timeout; resolves when the REST service answers, throws otherwise. */
export async function pingRest(ref: string, signal?: AbortSignal): Promise<void> {
  await api.get(`platform/projects/${path(ref)}/api/rest`, { timeout: REST_PING_TIMEOUT_MS, signal });
}

/** spec A7: GET /v1/projects/{ref}/upgrade/status?tracking_id= (without a tracking id: the latest upgrade). */
export const fetchUpgradeStatus = (ref: string, trackingId: string | null, signal?: AbortSignal) =>
  api
    .get(`v1/projects/${path(ref)}/upgrade/status`, { searchParams: trackingId ? { tracking_id: trackingId } : {}, signal })
    .json<{ databaseUpgradeStatus: DatabaseUpgradeStatus | null }>();

/** spec A3 project settings: the API URL and the keys of the API keys panel (A2.13). */
export interface ProjectSettings {
  app_config: { protocol?: string; endpoint: string };
  service_api_keys: { api_key: string; tags: string; name?: string }[];
}
export const fetchProjectSettings = (ref: string) => api.get(`platform/projects/${path(ref)}/settings`).json<ProjectSettings>();

/** The API keys panel's data, or the failure to show (spec A8 'Failed to retrieve API keys'). */
export type SettingsRead =
  | { settings: ProjectSettings; error?: undefined; /** spec A2.13; undefined when it could not be read */ lastUsedAt?: string | null }
  | { settings?: undefined; error: string; lastUsedAt?: undefined };

export const fetchKeysLastUsed = (ref: string) =>
  api.get(`platform/projects/${path(ref)}/api-keys/last-used`).json<{ last_used_at: string | null }>();

/**
 * For the project route's loader: the settings the building screen's API keys panel needs (spec A2.8, A2.13), read
 * only while the project is being built.
 */
export async function readSettingsWhileBuilding(project: { ref: string; status: string }): Promise<SettingsRead | null> {
  if (!BUILDING_STATUSES.includes(project.status)) return null;
  try {
    const [settings, lastUsed] = await Promise.all([
      fetchProjectSettings(project.ref),
      fetchKeysLastUsed(project.ref).then(
        (answer) => answer.last_used_at,
        () => undefined, // shown as 'Failed to identify…' in the panel, the keys still show
      ),
    ]);
    return { settings, lastUsedAt: lastUsed };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
