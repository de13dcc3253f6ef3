// Platform calls the uploads need (spec B7): the temporary key, the project's API URL, the global upload limit
// and the target bucket's rules. Paths relative to `${origin}/api`.
import { api } from './client.ts';
import { TEMPORARY_KEY_EXPIRY_S } from '../domain/storage-uploads.ts';

const ref = (projectRef: string) => encodeURIComponent(projectRef);

/** spec B7, A7, C9: POST …/api-keys/temporary with authorization_exp 300 and claims role service_role. */
export async function createTemporaryApiKey(projectRef: string): Promise<string> {
  const body = await api
    .post(`platform/projects/${ref(projectRef)}/api-keys/temporary`, {
      searchParams: { authorization_exp: TEMPORARY_KEY_EXPIRY_S, claims: JSON.stringify({ role: 'service_role' }) },
    })
    .json<{ api_key: string }>();
  return body.api_key;
}

/** spec B3 App config: protocol (default https) + endpoint → the project's API URL. */
export async function fetchProjectApiUrl(projectRef: string): Promise<string> {
  const settings = await api
    .get(`platform/projects/${ref(projectRef)}/settings`)
    .json<{ app_config?: { protocol?: string | null; endpoint?: string | null } }>();
  const endpoint = settings.app_config?.endpoint;
  if (!endpoint) throw new Error('The project has no API endpoint');
  return `${settings.app_config?.protocol || 'https'}://${endpoint}`;
}

/** spec B3 Storage config: the project's global upload limit in bytes. */
export async function fetchStorageFileSizeLimit(projectRef: string): Promise<number | null> {
  const config = await api.get(`platform/projects/${ref(projectRef)}/config/storage`).json<{ fileSizeLimit?: number | null }>();
  return typeof config.fileSizeLimit === 'number' ? config.fileSizeLimit : null;
}

/** The target bucket's allowed MIME types (null: any), for the 415 toast's description. */
export async function fetchBucketAllowedMimeTypes(projectRef: string, bucketId: string): Promise<string[] | null> {
  const buckets = await api
    .get(`platform/storage/${ref(projectRef)}/buckets`)
    .json<{ id: string; allowed_mime_types?: string[] | null }[]>();
  return buckets.find((bucket) => bucket.id === bucketId)?.allowed_mime_types ?? null;
}
