import ky, { HTTPError, type KyInstance } from 'ky';
import { takeEarlyResponse } from './early.ts';

// spec A7: JSON content type and accept; 'Authorization: Bearer {token}' when a session exists;
// credentials included; referrer policy no-referrer-when-downgrade.
export type AccessTokenGetter = () => Promise<string | null>;

let getToken: AccessTokenGetter = async () => null;

/** Called once at start-up with the session's access-token getter (spec A4.11). */
export function setAccessTokenGetter(getter: AccessTokenGetter): void {
  getToken = getter;
}

/** An API failure carrying the server's message, as views show it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(error: HTTPError): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await error.response.clone().json();
  } catch {
    body = null;
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = [record.message, record.msg, record.error_description].find((v): v is string => typeof v === 'string' && v !== '');
  const message = text ?? `${error.response.status} ${error.response.statusText}`;
  return new ApiError(message, error.response.status, body);
}

function apiOrigin(): string {
  return typeof location === 'undefined' ? 'http://127.0.0.1:54321' : location.origin;
}

/** The platform API client: `${origin}/api` (the helper of A2.1 appends /platform per call). */
export const api: KyInstance = ky.create({
  prefixUrl: `${apiOrigin()}/api`,
  credentials: 'include',
  referrerPolicy: 'no-referrer-when-downgrade',
  timeout: 30_000,
  retry: { limit: 0 },
  headers: { accept: 'application/json' },
  hooks: {
    beforeRequest: [
      async (request) => {
        const token = await getToken();
        // A first load's early request for this very URL and session answers in its place (src/api/early.ts).
        const early = takeEarlyResponse(request.method, request.url, token);
        const answer = early ? await early : null;
        if (answer) return answer;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    beforeError: [async (error) => (await toApiError(error)) as unknown as HTTPError],
  },
});
