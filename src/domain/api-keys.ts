// API keys and the JWT secret (spec A2.13, A4.9, A6 READ on service_api_keys, C§9; issue 16): the rules and strings
// of the API keys and JWT pages.
import { COPY_BUTTON_FEEDBACK_MS } from './format.ts';

/** spec C§9 'Polling: … JWT status 1 s': the update status is asked every second while it is Updating. */
export const JWT_STATUS_POLL_MS = 1000;
/** spec C§9 'Copy feedback: … 2 s ('Copied' buttons, keys)'. */
export const KEY_COPY_FEEDBACK_MS = COPY_BUTTON_FEEDBACK_MS;

export type JwtUpdateStatus = 'Updating' | 'Updated' | 'Failed';
/** GET /platform/projects/{ref}/config/secrets/update-status (spec A3 'JWT secret update status'). */
export interface JwtSecretUpdate {
  change_tracking_id: string;
  status: JwtUpdateStatus;
  progress: string | null;
  error: string | null;
}

export type ApiKeyType = 'legacy' | 'publishable' | 'secret';
/** One key as GET /platform/projects/{ref}/api-keys lists it; api_key null when the member may not read it. */
export interface ApiKeyEntry {
  id: string;
  type: ApiKeyType;
  name: string;
  description: string | null;
  api_key: string | null;
  inserted_at: string;
}

export type SigningKeyStatus = 'standby' | 'in_use' | 'previously_used' | 'revoked';
export interface SigningKeyEntry {
  id: string;
  algorithm: 'ES256' | 'RS256';
  status: SigningKeyStatus;
  public_jwk: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export const JWT_TEXT = {
  // spec A2.13
  updating: 'Updating JWT secret...',
  beingUpdated: 'JWT secret is being updated',
  // spec A8
  updateFailed: 'Failed to update JWT secret',
  failedNewKeys: 'JWT secret update failed, new API key may have issues',
  failed: 'JWT secret update failed',
  updated: 'JWT secret updated',
} as const;

export const SIGNING_KEY_STATUS_LABEL: Record<SigningKeyStatus, string> = {
  in_use: 'Current key',
  standby: 'Standby key',
  previously_used: 'Previously used',
  revoked: 'Revoked',
};

/** spec A4.9: copy and reveal of (secret) keys only when permitted and the JWT secret is not updating. */
export function canUseSecretKeys(permitted: boolean, jwtUpdating: boolean): boolean {
  return permitted && !jwtUpdating;
}

/** A key's name for /api-keys/new: 4–64 characters, lowercase letters, digits and underscores, not starting with a digit. */
export function apiKeyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 4) return 'Name must be at least 4 characters';
  if (trimmed.length > 64) return 'Name must be at most 64 characters';
  if (!/^[a-z_][a-z0-9_]*$/.test(trimmed)) {
    return 'Name must start with a letter or underscore and contain only lowercase letters, digits and underscores';
  }
  return null;
}

/** The message of a failed update: the platform's error after the spec's own line. */
export function jwtFailureText(error: string | null): string {
  return error ? `${JWT_TEXT.failedNewKeys}: ${error}` : JWT_TEXT.failedNewKeys;
}
