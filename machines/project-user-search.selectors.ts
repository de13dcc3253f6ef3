// Selectors of the role picker's user search (machines/project-user-search.machine.ts).
import type { SnapshotFrom } from 'xstate';
import { emptyUserSearchText, type ProjectUser } from '../src/domain/project-users.ts';
import type { ProjectUserSearchMachine } from './project-user-search.machine.ts';

export type ProjectUserSearchSnapshot = SnapshotFrom<ProjectUserSearchMachine>;

/** The users of the last answer (kept while the next search waits or runs; none after a failure). */
export const selectFoundUsers = (s: ProjectUserSearchSnapshot): ProjectUser[] => s.context.users;
/** Waiting for typing to pause, or searching: the list may answer older text. */
export const selectUserSearchBusy = (s: ProjectUserSearchSnapshot): boolean => s.hasTag('busy');
/** The failure's message, while failed. */
export const selectUserSearchError = (s: ProjectUserSearchSnapshot): string | null => (s.hasTag('error') ? s.context.error : null);
/** 'No users match' / 'This project has no users yet' once a search answered nothing; null otherwise. */
export function selectUserSearchEmptyText(s: ProjectUserSearchSnapshot): string | null {
  if (!s.matches('listed') || s.context.users.length > 0 || s.context.listedFor === null) return null;
  return emptyUserSearchText(s.context.listedFor);
}
