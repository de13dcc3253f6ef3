// When route guards must run again: the user signed in or out (in this tab or another), or passed the MFA
// challenge. Guards wait for the session to settle (settledSession), so the first settled state is the one they
// already used; re-running them then loaded every loader twice on a first load (issue 15: /organizations and
// /organizations/{slug} were each fetched twice before the projects list showed).

interface Subscribable<S> {
  getSnapshot(): S;
  subscribe(listener: (snapshot: S) => void): { unsubscribe(): void };
}

export interface EntrySelectors<S> {
  /** The session has settled (not loading, assurance level known). */
  settled: (snapshot: S) => boolean;
  /** The console may render signed-in screens. */
  canEnter: (snapshot: S) => boolean;
}

/**
 * Calls `onChange(canEnter)` each time `canEnter` changes after the session first settled; the first settled
 * value itself is not a change. Returns the unsubscribe function.
 */
export function watchConsoleEntry<S>(actor: Subscribable<S>, select: EntrySelectors<S>, onChange: (canEnter: boolean) => void): () => void {
  const initial = actor.getSnapshot();
  let known: boolean | undefined = select.settled(initial) ? select.canEnter(initial) : undefined;
  const subscription = actor.subscribe((snapshot) => {
    if (known === undefined) {
      if (select.settled(snapshot)) known = select.canEnter(snapshot);
      return;
    }
    const next = select.canEnter(snapshot);
    if (next === known) return;
    known = next;
    onChange(next);
  });
  return () => subscription.unsubscribe();
}
