// Plain selectors of the storage archive actor.
import type { SnapshotFrom } from 'xstate';
import type { StorageArchiveMachine } from './storage-archive.machine.ts';

export type StorageArchiveSnapshot = SnapshotFrom<StorageArchiveMachine>;

export const selectIsRetrieving = (s: StorageArchiveSnapshot): boolean => s.hasTag('busy');
export const selectArchiveError = (s: StorageArchiveSnapshot): string | null => (s.matches({ idle: 'failed' }) ? s.context.error : null);
