// Endpoints of the API keys and JWT pages (spec A2.13, A4.9, A7 'Connection and keys'; issue 16).
import type { ApiKeyEntry, JwtSecretUpdate, SigningKeyEntry, SigningKeyStatus } from '../domain/api-keys.ts';
import { api } from './client.ts';

const path = (ref: string) => encodeURIComponent(ref);

export const fetchApiKeys = (ref: string) => api.get(`platform/projects/${path(ref)}/api-keys`).json<ApiKeyEntry[]>();
export const revealApiKey = (ref: string, id: string) =>
  api.get(`platform/projects/${path(ref)}/api-keys/${encodeURIComponent(id)}`, { searchParams: { reveal: 'true' } }).json<ApiKeyEntry>();
export const createApiKey = (ref: string, body: { type: 'publishable' | 'secret'; name: string; description?: string }) =>
  api.post(`platform/projects/${path(ref)}/api-keys`, { json: body }).json<ApiKeyEntry>();
export const revokeApiKey = (ref: string, id: string) =>
  api.delete(`platform/projects/${path(ref)}/api-keys/${encodeURIComponent(id)}`).json<ApiKeyEntry>();

export const fetchJwtUpdateStatus = (ref: string) =>
  api.get(`platform/projects/${path(ref)}/config/secrets/update-status`).json<{ update_status: JwtSecretUpdate | null }>();
export const startJwtSecretUpdate = (ref: string) =>
  api.patch(`platform/projects/${path(ref)}/config/secrets`, { json: {} }).json<{ update_status: JwtSecretUpdate | null }>();

export const fetchSigningKeys = (ref: string) =>
  api.get(`platform/projects/${path(ref)}/config/auth/signing-keys`).json<{ keys: SigningKeyEntry[] }>();
export const createSigningKey = (ref: string, algorithm: 'ES256' | 'RS256') =>
  api.post(`platform/projects/${path(ref)}/config/auth/signing-keys`, { json: { algorithm } }).json<SigningKeyEntry>();
export const setSigningKeyStatus = (ref: string, id: string, status: SigningKeyStatus) =>
  api.patch(`platform/projects/${path(ref)}/config/auth/signing-keys/${encodeURIComponent(id)}`, { json: { status } }).json<SigningKeyEntry>();
export const deleteSigningKey = (ref: string, id: string) =>
  api.delete(`platform/projects/${path(ref)}/config/auth/signing-keys/${encodeURIComponent(id)}`);
