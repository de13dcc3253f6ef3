// Real effects of the API keys and JWT pages (spec A2.13, A4.9; issue 16): route loaders' reads, the JWT secret
// update and key reveal machines with the platform's endpoints, and the tasks of the pages' mutations.
import { fromPromise } from 'xstate';
import { jwtSecretUpdateMachine, type UpdateStatusOutput } from '../../machines/jwt-secret-update.machine.ts';
import { keyRevealMachine } from '../../machines/key-reveal.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import * as keys from '../api/api-keys.ts';
import { fetchKeysLastUsed, fetchProjectSettings } from '../api/project-status.ts';
import type { ApiKeyEntry, SigningKeyEntry, SigningKeyStatus } from '../domain/api-keys.ts';
import { apiKeysPanel } from '../domain/project-screens.ts';

export interface ApiSettingsData {
  projectUrl: string | null;
  anonKey: string | null;
  /** Whether the member may read the service_role key (spec A6 READ on service_api_keys, developers and up). */
  canReadSecrets: boolean;
  /** spec A2.13: undefined when it could not be read. */
  lastUsedAt: string | null | undefined;
}

/** The loader's read for the keys part of /settings/api. */
export async function loadApiSettings(ref: string): Promise<ApiSettingsData> {
  const [settings, lastUsed] = await Promise.all([
    fetchProjectSettings(ref),
    fetchKeysLastUsed(ref).then((r) => r.last_used_at, () => undefined),
  ]);
  const panel = apiKeysPanel(settings);
  return { projectUrl: panel.projectUrl, anonKey: panel.anon, canReadSecrets: panel.serviceRole !== null, lastUsedAt: lastUsed };
}

/** The loader's read for /settings/api-keys: every key; a member who may not read secrets gets them as null. */
export async function loadApiKeys(ref: string): Promise<{ keys: ApiKeyEntry[]; canReadSecrets: boolean }> {
  const list = await keys.fetchApiKeys(ref);
  const serviceRole = list.find((key) => key.type === 'legacy' && key.name === 'service_role');
  return { keys: list, canReadSecrets: serviceRole?.api_key != null };
}

export const loadSigningKeys = async (ref: string): Promise<{ keys: SigningKeyEntry[] }> => keys.fetchSigningKeys(ref);

export const jwtSecretUpdateWithPlatform = jwtSecretUpdateMachine.provide({
  actors: {
    fetchUpdateStatus: fromPromise<UpdateStatusOutput, { ref: string }>(({ input }) => keys.fetchJwtUpdateStatus(input.ref)),
    startUpdate: fromPromise<UpdateStatusOutput, { ref: string }>(({ input }) => keys.startJwtSecretUpdate(input.ref)),
  },
});

export const keyRevealWithPlatform = keyRevealMachine.provide({
  actors: {
    revealKey: fromPromise<string, { ref: string; keyId: string }>(async ({ input }) => {
      const key = await keys.revealApiKey(input.ref, input.keyId);
      if (!key.api_key) throw new Error('You need additional permissions to view API keys');
      return key.api_key;
    }),
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
});

export const createApiKeyTask = taskWith((input: { ref: string; type: 'publishable' | 'secret'; name: string; description: string }) =>
  keys.createApiKey(input.ref, { type: input.type, name: input.name.trim(), ...(input.description.trim() ? { description: input.description.trim() } : {}) }),
);
export const revokeApiKeyTask = taskWith((input: { ref: string; id: string }) => keys.revokeApiKey(input.ref, input.id));
export const createSigningKeyTask = taskWith((input: { ref: string; algorithm: 'ES256' | 'RS256' }) => keys.createSigningKey(input.ref, input.algorithm));
export const setSigningKeyStatusTask = taskWith((input: { ref: string; id: string; status: SigningKeyStatus }) =>
  keys.setSigningKeyStatus(input.ref, input.id, input.status),
);
export const deleteSigningKeyTask = taskWith(async (input: { ref: string; id: string }) => {
  await keys.deleteSigningKey(input.ref, input.id);
});
