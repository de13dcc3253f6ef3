// Selectors of the role impersonation machine.
import type { SnapshotFrom } from 'xstate';
import type { roleImpersonationMachine } from './role-impersonation.machine.ts';

type Snapshot = SnapshotFrom<typeof roleImpersonationMachine>;

export const selectImpersonation = (snapshot: Snapshot) => snapshot.context.choice;
export const selectRecentSearches = (snapshot: Snapshot) => snapshot.context.recentSearches;
export const selectIsImpersonating = (snapshot: Snapshot) => !snapshot.matches('none');
/** A short label of the role in use, e.g. 'authenticated (a@b.c)'; null when acting as the member. */
export function selectImpersonationLabel(snapshot: Snapshot): string | null {
  const choice = snapshot.context.choice;
  if (choice.type === 'none') return null;
  const who = choice.user ? ` (${choice.user.email ?? choice.user.id})` : '';
  return choice.type === 'postgres' ? `${choice.role} via ${choice.schema}.${choice.functionName}${who}` : `${choice.role}${who}`;
}
