// Plain selectors of the JWT secret update actor (spec A2.13, A4.9).
import type { SnapshotFrom } from 'xstate';
import type { JwtSecretUpdateMachine } from './jwt-secret-update.machine.ts';

export type JwtSecretUpdateSnapshot = SnapshotFrom<JwtSecretUpdateMachine>;

/** Starting or Updating: secret keys may be neither revealed nor copied (spec A4.9). */
export const selectJwtUpdating = (s: JwtSecretUpdateSnapshot): boolean => s.hasTag('busy');
export const selectJwtConfirming = (s: JwtSecretUpdateSnapshot): boolean => s.matches('confirming');
export const selectJwtChecking = (s: JwtSecretUpdateSnapshot): boolean => s.matches('checking');
export const selectJwtError = (s: JwtSecretUpdateSnapshot): string | null => (s.matches({ idle: 'failed' }) ? s.context.error : null);
export const selectJwtProgress = (s: JwtSecretUpdateSnapshot): string | null => (s.matches('updating') ? (s.context.update?.progress ?? null) : null);
