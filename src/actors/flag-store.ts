// The flag values the console reads (spec A4.12), as a small external store: main.tsx starts it with the defaults and
// the override cookie, the flags provider (loaded after the first render, issue 21) replaces them as the remote flags
// load and change, and useAppContext() hands the current values to every view.
import type { FeatureFlags } from '../domain/navigation/flags.ts';

export interface FlagStore {
  get: () => FeatureFlags;
  set: (flags: FeatureFlags) => void;
  subscribe: (listener: () => void) => () => void;
}

const sameFlags = (a: FeatureFlags, b: FeatureFlags) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

export function createFlagStore(initial: FeatureFlags): FlagStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (flags) => {
      if (sameFlags(current, flags)) return;
      current = flags;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
