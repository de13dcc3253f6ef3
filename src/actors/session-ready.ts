import { waitFor } from 'xstate';
import { selectCanEnterConsole, selectIsSettled, selectUser } from '../../machines/session.selectors.ts';
import type { SessionActor } from './session.ts';

/**
 * Resolves once the session actor has settled (spec A4.11: auth state starts loading). `signedIn` is false for a
 * signed-out user and for one who still owes the MFA challenge, so route guards send both to /sign-in.
 */
export async function settledSession(session: SessionActor) {
  const snapshot = await waitFor(session, selectIsSettled, { timeout: 30_000 });
  return { signedIn: selectCanEnterConsole(snapshot), user: selectUser(snapshot) };
}
