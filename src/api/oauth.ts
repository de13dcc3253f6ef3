// The OAuth consent API (spec A7: GET /oauth/authorizations/{id}, POST …/consent) and personal access tokens,
// on the platform API (server/oauth/apiRoutes.ts).
import { api } from './client.ts';

export interface OAuthAuthorization {
  authorization_id: string;
  client: { client_id: string; client_name: string | null; client_uri: string | null };
  redirect_uri: string;
  scope: string;
  resource: string;
  expires_at: string;
  user: { id: string; email: string | null };
}

/** spec A3: OAuth consent reply. */
export interface OAuthConsentReply {
  redirect_url: string;
}

export const fetchAuthorization = (id: string) => api.get(`platform/oauth/authorizations/${encodeURIComponent(id)}`).json<OAuthAuthorization>();

export const answerAuthorization = (id: string, action: 'approve' | 'deny') =>
  api.post(`platform/oauth/authorizations/${encodeURIComponent(id)}/consent`, { json: { action } }).json<OAuthConsentReply>();

export interface AccessToken {
  id: string;
  name: string;
  token_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface CreatedAccessToken extends AccessToken {
  /** The token itself: in this answer only. */
  token: string;
}

export const fetchAccessTokens = () => api.get('platform/profile/access-tokens').json<AccessToken[]>();

export const createAccessToken = (input: { name: string; expires_in_days: number | null }) =>
  api.post('platform/profile/access-tokens', { json: input }).json<CreatedAccessToken>();

export const revokeAccessToken = (id: string) => api.delete(`platform/profile/access-tokens/${encodeURIComponent(id)}`).json<{ id: string }>();
