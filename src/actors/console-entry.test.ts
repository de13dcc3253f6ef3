import { describe, expect, it } from 'vitest';
import { watchConsoleEntry } from './console-entry.ts';

type State = 'loading' | 'checkingAssurance' | 'signedOut' | 'aal1' | 'needsMfa' | 'aal2';

/** A stand-in for the session actor: a current state and its subscribers. */
function fakeSession(initial: State) {
  let current = initial;
  const listeners = new Set<(s: State) => void>();
  return {
    getSnapshot: () => current,
    subscribe(listener: (s: State) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    go(next: State) {
      current = next;
      for (const listener of listeners) listener(next);
    },
    listeners,
  };
}

const select = {
  settled: (s: State) => s !== 'loading' && s !== 'checkingAssurance',
  canEnter: (s: State) => s === 'aal1' || s === 'aal2',
};

describe('watchConsoleEntry', () => {
  it('does not re-run the guards when the session first settles signed in (they waited for it)', () => {
    const session = fakeSession('loading');
    const changes: boolean[] = [];
    watchConsoleEntry(session, select, (can) => changes.push(can));
    session.go('checkingAssurance');
    session.go('aal1');
    expect(changes).toEqual([]);
  });

  it('reports a sign-out and a later sign-in after the first settled state', () => {
    const session = fakeSession('loading');
    const changes: boolean[] = [];
    watchConsoleEntry(session, select, (can) => changes.push(can));
    session.go('aal1');
    session.go('signedOut');
    session.go('checkingAssurance');
    session.go('aal2');
    expect(changes).toEqual([false, true]);
  });

  it('reports passing the MFA challenge after settling in needsMfa', () => {
    const session = fakeSession('loading');
    const changes: boolean[] = [];
    watchConsoleEntry(session, select, (can) => changes.push(can));
    session.go('needsMfa');
    session.go('aal2');
    expect(changes).toEqual([true]);
  });

  it('starts from the current state when the session has already settled', () => {
    const session = fakeSession('signedOut');
    const changes: boolean[] = [];
    watchConsoleEntry(session, select, (can) => changes.push(can));
    session.go('aal1');
    expect(changes).toEqual([true]);
  });

  it('stops on unsubscribe', () => {
    const session = fakeSession('aal1');
    const changes: boolean[] = [];
    const stop = watchConsoleEntry(session, select, (can) => changes.push(can));
    stop();
    session.go('signedOut');
    expect(changes).toEqual([]);
    expect(session.listeners.size).toBe(0);
  });
});
