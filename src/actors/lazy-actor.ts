// An app-wide actor whose code loads later (DESIGN §3: app-wide actors are created once in main.tsx and carried by
// the router context; issue 15: code the first render does not need stays out of the first load). main.tsx creates
// the holder with a loader; the first view that needs the actor calls load(), which imports its module and starts
// it once; every later load() gives the same actor. stop() ends it (the user signed out or changed), and the next
// load() starts a fresh one for the next user.
export interface StoppableActor {
  stop: () => void;
}

export interface LazyActor<T extends StoppableActor> {
  /** The running actor, or null before the first load() finished (and after stop()). */
  current: () => T | null;
  load: () => Promise<T>;
  stop: () => void;
  /** Listeners hear the actor arrive and go. */
  subscribe: (listener: () => void) => () => void;
}

export function lazyActor<T extends StoppableActor>(create: () => Promise<T>): LazyActor<T> {
  let actor: T | null = null;
  let loading: Promise<T> | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    current: () => actor,
    load: () => {
      if (actor) return Promise.resolve(actor);
      if (loading) return loading;
      const mine = generation;
      const pending = create().then(
        (created) => {
          // Stopped while loading: this actor belongs to a session that ended.
          if (mine !== generation) {
            created.stop();
            throw new Error('stopped while loading');
          }
          actor = created;
          loading = null;
          notify();
          return created;
        },
        (error: unknown) => {
          if (mine === generation) loading = null;
          throw error;
        },
      );
      loading = pending;
      return pending;
    },
    stop: () => {
      generation += 1;
      loading = null;
      if (!actor) return;
      actor.stop();
      actor = null;
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
